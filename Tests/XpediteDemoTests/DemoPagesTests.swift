import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import XpediteDemo
import XpediteServer
import XpediteTestFixtures
import XpediteTestSupport

/// The cached pages, the app version, images, metrics and the route hook.
@Suite struct DemoPagesTests {
    @Test(arguments: DemoStoreKind.tested)
    func theDashboardExpiresAfterSixtySeconds(_ kind: DemoStoreKind) async throws {
        try await withDemo(on: kind) { client in
            let token = try await client.signedIn()
            let screen = try await client.call("dashboard", token)
            #expect(screen["id"] == "dashboard")
            #expect(screen["disposition"] == ["type": "expiry", "seconds": 60])
            #expect(screen["title"] == "Dashboard")
            #expect(screen.component(id: "total")?["text"] == "100 customers")
            let generated = (1...100).map(CustomerGenerator().customer(id:))
            let active = generated.filter(\.active).count
            #expect(screen.component(id: "active")?["text"] == .string("\(active) active (\(active) %)"))
            #expect(screen.component(id: "as-of")?["text"]?.stringValue?.hasPrefix("Figures as of 06:40 UTC") == true)
        }
    }

    @Test func theAboutPageIsPermanent() async throws {
        try await withDemo { client in
            let token = try await client.signedIn()
            let screen = try await client.call("about", token)
            #expect(screen["id"] == "about")
            #expect(screen["disposition"] == "permanent")
            #expect(screen.component(id: "version")?["text"] == "App version 1")
        }
    }

    @Test(arguments: [("2", JSONValue.number(2)), ("2.5", .number(2.5)), ("P1.213", .string("P1.213"))])
    func theVersionComesFromAppVersion(text: String, wire: JSONValue) async throws {
        try await withDemo(configure: { $0.appVersion = DemoConfiguration.appVersion(parsing: text) }) { client in
            let (screen, token) = try await client.connect()
            #expect(screen["version"] == wire)
            _ = try await client.signIn(token)
            let about = try await client.call("about", token)
            #expect(about["version"] == wire)
            #expect(about.component(id: "version")?["text"] == .string("App version \(text)"))
        }
    }

    @Test(arguments: DemoStoreKind.tested)
    func theImagesAreServedByTheDemo(_ kind: DemoStoreKind) async throws {
        try await withDemo(on: kind) { client in
            let logo = try await client.execute(uri: "/images/logo.svg", method: .get)
            #expect(logo.status == .ok)
            #expect(logo.headers[.contentType] == "image/svg+xml; charset=utf-8")
            #expect(String(buffer: logo.body).hasPrefix("<svg"))
            let avatar = try await client.execute(uri: "/images/avatars/7.svg", method: .get)
            #expect(avatar.status == .ok)
            let initials = CustomerGenerator().customer(id: 7).initials
            #expect(String(buffer: avatar.body).contains(">\(initials)</text>"))
            #expect(try await client.execute(uri: "/images/avatars/100000.svg", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/images/avatars/x.png", method: .get).status == .notFound)
        }
    }

    @Test func metricsAreOnSlashMetricsAndEveryRequestIsLogged() async throws {
        let logs = LogCapture()
        try await withDemo(logs: logs) { client in
            _ = try await client.signedIn()
            let metrics = try await client.execute(uri: "/metrics", method: .get)
            #expect(metrics.status == .ok)
            let lines = String(buffer: metrics.body).split(separator: "\n")
            #expect(lines.contains {
                $0.hasPrefix("xpedite_requests_total{") && $0.contains("method=\"signIn\"")
                    && $0.contains("outcome=\"ok\"") && $0.hasSuffix(" 1")
            })
        }
        // One info line per request (setConnection, signIn, /metrics), and no other.
        let info = logs.texts.filter { $0.hasPrefix("info ") || $0.hasPrefix("notice ") }
        #expect(info.count == 3)
        #expect(info.allSatisfy { $0.hasPrefix("info Request") })
    }

    @Test func moreRoutesMountAtTheRoot() async throws {
        let directory = try TemporaryDirectory("xpedite-demo")
        var server = try await DemoServer.open(demoConfiguration(directory: directory.url))
        server.mount { router in
            router.get("/") { _, _ in "the simulator" }
        }
        try await server.makeApplication().test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get)
            #expect(String(buffer: page.body) == "the simulator")
            #expect(try await client.post(connectJSON)["title"] == "Sign in")
        }
        try server.close()
    }
}
