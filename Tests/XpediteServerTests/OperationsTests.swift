import Foundation
import HummingbirdTesting
import Prometheus
import Testing
import XpediteServer
import XpediteTestSupport

/// Validation of outgoing screens, metrics, request ids, the endpoint without HTTP.
@Suite struct OperationsTests {
    static func makeApp(logs: LogCapture, validates: Bool = true) -> XpediteApp {
        var configuration = testConfiguration(logs: logs)
        configuration.validatesResponses = validates
        var app = XpediteApp(configuration: configuration)
        app.onConnect { _ in ResponsePacket(components: []) }
        app.on("broken") { _ in
            // Two components with one id, and a form that saves without an id
            // (docs/protocol/validation.md).
            ResponsePacket(components: [
                .label(.init(id: "dup", text: "A")), .label(.init(id: "dup", text: "B")),
                .form(.init(save: MethodCall(function: "save"), components: [])),
            ])
        }
        return app
    }

    @Test func aScreenThatBreaksTheProtocolIsNotSent() async throws {
        let logs = LogCapture()
        try await Self.makeApp(logs: logs).test { client in
            let (_, token) = try await client.connect()
            let answer = try await client.post(["method": "broken", "token": .string(token)])
            #expect(answer["rc"]?.stringValue?.hasPrefix("Something went wrong on the server.") == true)
            #expect(answer["components"] == [])
            #expect(answer["token"] == .string(token))
            let line = try #require(logs.lines.first { $0.message.contains("breaks the protocol") })
            let issues = line.metadata["xpedite.issues"]?.description ?? ""
            #expect(issues.contains("$.components[1].id"))
            #expect(issues.contains("$.components[2]"))
        }
    }

    @Test func validationCanBeTurnedOff() async throws {
        try await Self.makeApp(logs: LogCapture(), validates: false).test { client in
            let (_, token) = try await client.connect()
            let answer = try await client.post(["method": "broken", "token": .string(token)])
            #expect(answer["rc"] == 0)
            #expect(answer.components.count == 3)
        }
    }

    @Test func metricsAreExportedInThePrometheusFormat() async throws {
        var configuration = testConfiguration()
        configuration.exportPrometheus(PrometheusCollectorRegistry())
        let app = CustomerTestApp.make(configuration: configuration)
        try await application(app).test(.router) { client in
            let (_, token) = try await client.connect()
            try await client.post(["method": "home", "token": .string(token)])
            try await client.post(["method": "home", "token": .string(token)])
            try await client.post(["method": "updateCustomer", "token": .string(token)])
            try await client.post(["method": .string("no-such-\(UUID())"), "token": .string(token)])
            try await client.post("[]")
            let response = try await client.execute(uri: "/metrics", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = String(decoding: Data(response.body.readableBytesView), as: UTF8.self)
            #expect(text.contains(#"xpedite_requests_total{method="setConnection",outcome="ok"} 1"#))
            #expect(text.contains(#"xpedite_requests_total{method="home",outcome="ok"} 2"#))
            #expect(text.contains(#"xpedite_requests_total{method="updateCustomer",outcome="rejected"} 1"#))
            #expect(text.contains(#"xpedite_requests_total{method="_unregistered",outcome="unregistered"} 1"#))
            #expect(text.contains(#"xpedite_requests_total{method="_invalid",outcome="invalid"} 1"#))
            #expect(text.contains(#"xpedite_request_duration_seconds_count{method="home"} 2"#))
            #expect(text.contains(#"xpedite_request_duration_seconds_bucket{method="home",le="0.0001"}"#))
            #expect(text.contains(#"xpedite_sessions_created_total{reason="setConnection"} 1"#))
            #expect(!text.contains("no-such-"))
        }
    }

    @Test func noMetricsRouteWithoutARegistry() async throws {
        let app = CustomerTestApp.make(configuration: testConfiguration())
        try await application(app).test(.router) { client in
            let response = try await client.execute(uri: "/metrics", method: .get)
            #expect(response.status == .notFound)
        }
    }

    @Test func everyLogLineOfARequestCarriesItsID() async throws {
        let logs = LogCapture()
        let app = CustomerTestApp.make(configuration: testConfiguration(logs: logs))
        let endpoint = try app.makeEndpoint()
        _ = await endpoint.respond(to: Data("[]".utf8), requestID: "req-42")
        let line = try #require(logs.lines.last)
        #expect(line.metadata["xpedite.request"] == "req-42")
    }

    @Test func theEndpointAnswersWithoutHTTP() async throws {
        let app = CustomerTestApp.make(configuration: testConfiguration())
        let endpoint = try app.makeEndpoint()
        let connect = try JSONValue(parsing: await endpoint.respond(to: Data(connectJSON.utf8)))
        let token = try #require(connect["token"]?.stringValue)
        let home = try JSONValue(parsing: await endpoint.respond(to: Data(body(["method": "home", "token": .string(token)]).utf8)))
        #expect(home.labelTexts == ["Home"])
        // Canonical JSON: sorted keys, no escaped slashes.
        let raw = String(decoding: await endpoint.respond(to: Data(body(["method": "home", "token": .string(token)]).utf8)),
                         as: UTF8.self)
        #expect(raw.hasPrefix(#"{"components":[{"text":"Home","type":"label"}],"rc":0,"title":"Home","token":""#))
    }

    @Test func appRegistrations() {
        let app = CustomerTestApp.make(configuration: testConfiguration())
        #expect(app.methods.contains("listCustomers"))
        #expect(app.methods.contains("home"))
        #expect(!app.methods.contains("setConnection"))
        #expect(app.services.count == 1)
    }
}
