import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import XpediteServer
import XpediteTestSupport

/// Handlers see the Hummingbird request: headers, the client's address, the context's logger.
@Suite("The Hummingbird request in a call")
struct RequestContextTests {
    /// An app whose `whoami` screen shows what the handler sees, and logs through `call.logger`.
    static func make() -> XpediteApp {
        var app = XpediteApp(configuration: testConfiguration())
        app.onConnect { call in
            ResponsePacket(components: [.label(.init(id: "agent", text: call.headers[.userAgent] ?? "none"))])
        }
        app.on("whoami") { call in
            call.logger.info("Handler speaking")
            let address = call.remoteAddress?.ipAddress ?? "none"
            return ResponsePacket(components: [
                .label(.init(id: "agent", text: call.headers[.userAgent] ?? "none")),
                .label(.init(id: "address", text: address)),
                .label(.init(id: "path", text: call.httpRequest?.path ?? "none")),
            ])
        }
        return app
    }

    static func post(_ client: some TestClientProtocol, _ members: [String: JSONValue]) async throws -> [String: String] {
        let response = try await client.execute(
            uri: "/xpedite", method: .post,
            headers: [.contentType: "application/json", .userAgent: "Xpedite/3 (iPhone)"],
            body: ByteBuffer(string: body(members)))
        let answer = try JSONValue(parsing: Data(response.body.readableBytesView))
        return Dictionary(uniqueKeysWithValues: answer.components.compactMap { component in
            component["id"]?.stringValue.map { ($0, component["text"]?.stringValue ?? "") }
        }).merging(["token": answer["token"]?.stringValue ?? ""]) { old, _ in old }
    }

    static let connect: [String: JSONValue] = [
        "method": "setConnection", "bundleID": "b", "uuid": "u", "bounds": "(0.0, 0.0, 393.0, 852.0)", "xpediteVersion": 1,
    ]

    @Test("through the router: headers, the path and the context's logger; no socket, so no address")
    func router() async throws {
        let logs = LogCapture()
        try await application(Self.make(), logger: logs.logger).test(.router) { client in
            let entry = try await Self.post(client, Self.connect)
            #expect(entry["agent"] == "Xpedite/3 (iPhone)")
            let token = try #require(entry["token"])
            let seen = try await Self.post(client, ["method": "whoami", "token": .string(token)])
            #expect(seen["agent"] == "Xpedite/3 (iPhone)")
            #expect(seen["path"] == "/xpedite")
            #expect(seen["address"] == "none")
        }
        let line = try #require(logs.lines.first { $0.message == "Handler speaking" })
        // The request context's logger, with Hummingbird's request id and the SDK's metadata.
        let requestID = try #require(line.metadata["hb.request.id"])
        #expect(line.metadata["xpedite.request"]?.description == requestID.description)
        #expect(line.metadata["xpedite.method"] == "whoami")
    }

    @Test("over a real socket: the client's address")
    func live() async throws {
        let logs = LogCapture()
        try await application(Self.make(), logger: logs.logger).test(.live) { client in
            let entry = try await Self.post(client, Self.connect)
            let token = try #require(entry["token"])
            let seen = try await Self.post(client, ["method": "whoami", "token": .string(token)])
            #expect(seen["address"] == "127.0.0.1")
            #expect(seen["agent"] == "Xpedite/3 (iPhone)")
        }
        #expect(logs.lines.contains { $0.message == "Handler speaking" })
    }

    @Test("without HTTP: no headers, no address, the configured logger")
    func withoutHTTP() async throws {
        let logs = LogCapture()
        var configuration = testConfiguration(logs: logs)
        configuration.logger = logs.logger
        var app = XpediteApp(configuration: configuration)
        app.onConnect { call in
            call.logger.info("Connect speaking")
            return ResponsePacket(components: [
                .label(.init(id: "agent", text: call.headers[.userAgent] ?? "none")),
                .label(.init(id: "address", text: call.remoteAddress?.ipAddress ?? "none")),
            ])
        }
        let answer = try JSONValue(parsing: await app.makeEndpoint().respond(to: Data(body(Self.connect).utf8),
                                                                             requestID: "direct-1"))
        #expect(answer.labelTexts == ["none", "none"])
        let line = try #require(logs.lines.first { $0.message == "Connect speaking" })
        #expect(line.metadata["xpedite.request"] == "direct-1")
    }
}
