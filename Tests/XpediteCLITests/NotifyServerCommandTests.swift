import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing
import XpediteProtocol

/// `xpedite notify send` and `xpedite notify listen` against `xpedite notify serve`, all child processes.
@Suite(.serialized) struct NotifyServerCommandTests {
    typealias Server = NotifyServerReliabilityTests.ServerProcess

    static func withServer(_ body: (Server, URL) async throws -> Void) async throws {
        let directory = try TemporaryDirectory("notify-cli")
        let folder = directory.url
        try await Server.with(dataDirectory: folder.appendingPathComponent("data")) { server in
            try await body(server, folder)
        }
    }

    static let colour: JSONValue = [
        "responseTopic": "/a/b/c",
        "fields": [["id": "simpleDropList", "type": "droplist", "label": "Pick your favorite color",
                    "values": ["Red", "Green", "Blue"], "default": "Blue"]],
    ]

    @Test func sendDeliversAPayloadAndListenPrintsTheResponse() async throws {
        try await Self.withServer { server, folder in
            let call = { @Sendable (method: HTTPMethod, url: String, token: String, body: JSONValue?) in
                try await NotifyServerReliabilityTests.request(method, url, token, body)
            }
            #expect(try await call(.PUT, server.base + "/users/joe", NotifyServerReliabilityTests.apiKey, ["password": "pw"]).status == 200)
            let payloadFile = folder.appendingPathComponent("payload.json")
            try CanonicalJSON.data(Self.colour).write(to: payloadFile)
            let url = "http://127.0.0.1:\(server.port)"

            // listen, in the background, until one response.
            let listened = try await XpediteBinary.command([
                "notify", "listen", "--server", url, "--api-key", NotifyServerReliabilityTests.apiKey, "--topic", "/a/b/c", "--count", "1",
            ]).withRunning { listen in
                // Wait until the stream is subscribed.
                for _ in 0..<200 {
                    let subscribed = try await call(.GET, server.base + "/users", NotifyServerReliabilityTests.apiKey, nil)
                    if subscribed.status == 200, listen.isRunning { try await Task.sleep(for: .milliseconds(300)); break }
                }

                let sent = try await XpediteBinary.run(["notify", "send", "--server", url, "--api-key", NotifyServerReliabilityTests.apiKey,
                                                        "--to", "user:joe", "--title", "Colour", "--body", "Pick one", payloadFile.path])
                #expect(sent.status == 0, "\(sent.stderr)")
                let answer = try JSONValue(parsing: sent.stdout)
                #expect(answer["recipients"] == ["joe"])
                let messageId = try #require(answer["messageId"]?.stringValue)

                let login = try await call(.POST, server.base + "/device/login", "", [
                    "username": "joe", "password": "pw", "deviceId": "d", "deviceName": "Phone", "platform": "web",
                ])
                let token = try #require(login.json["deviceToken"]?.stringValue)
                let published = try await call(.POST, server.base + "/device/responses", token, [
                    "responseId": "cli-1", "messageId": .string(messageId), "submitValue": 0, "values": ["simpleDropList": "Green"],
                ])
                #expect(published.status == 201)
                // listen ends after one response; one still running after 10 s is stopped (SIGTERM) here.
                _ = try await listen.waitForExit(timeout: .seconds(10))
                return published.json
            }
            let lines = listened.result.stdout.split(separator: "\n")
            #expect(lines.count == 1)
            #expect(try JSONValue(parsing: String(lines.first ?? "")) == listened.value)
        }
    }

    @Test func sendRefusesAnInvalidPayloadLocallyAndReportsServerErrors() async throws {
        try await Self.withServer { server, folder in
            let url = "http://127.0.0.1:\(server.port)"
            let key = NotifyServerReliabilityTests.apiKey
            let bad = folder.appendingPathComponent("bad.json")
            try Data(#"{"responseTopic": "nope", "fields": []}"#.utf8).write(to: bad)
            let invalid = try await XpediteBinary.run(["notify", "send", "--server", url, "--api-key", key, "--to", "user:joe",
                                                       "--title", "T", "--body", "B", bad.path])
            #expect(invalid.status == 1)
            #expect(invalid.stderr.contains("$.responseTopic"))

            let good = folder.appendingPathComponent("good.json")
            try CanonicalJSON.data(Self.colour).write(to: good)
            let unknown = try await XpediteBinary.run(["notify", "send", "--server", url, "--api-key", key, "--to", "user:nobody",
                                                       "--title", "T", "--body", "B", good.path])
            #expect(unknown.status == 1)
            #expect(unknown.stderr.contains("422") && unknown.stderr.contains("$.to.users[0]"))

            let wrongKey = try await XpediteBinary.run(["notify", "send", "--server", url, "--api-key", "wrong", "--to", "all",
                                                        "--title", "T", "--body", "B", good.path])
            #expect(wrongKey.status == 1)
            #expect(wrongKey.stderr.contains("401"))

            let mixed = try await XpediteBinary.run(["notify", "send", "--server", url, "--api-key", key, "--to", "user:a",
                                                     "--to", "group:b", "--title", "T", "--body", "B", good.path])
            #expect(mixed.status == 64)
        }
    }

    @Test func listenRefusesABadTopic() async throws {
        let result = try await XpediteBinary.run(["notify", "listen", "--server", "http://127.0.0.1:1", "--api-key", "k", "--topic", "a/b"])
        #expect(result.status == 64)
    }

    @Test func deliveriesShowsTheOutboxAMessagesDeliveriesAndTheMetrics() async throws {
        try await Self.withServer { server, folder in
            let key = NotifyServerReliabilityTests.apiKey
            let call = { @Sendable (method: HTTPMethod, url: String, token: String, body: JSONValue?) in
                try await NotifyServerReliabilityTests.request(method, url, token, body)
            }
            #expect(try await call(.PUT, server.base + "/users/joe", key, ["password": "pw"]).status == 200)
            let login = try await call(.POST, server.base + "/device/login", "", [
                "username": "joe", "password": "pw", "deviceId": "joes-phone", "deviceName": "Phone", "platform": "ios",
            ])
            #expect(login.status == 200)
            let sent = try await call(.POST, server.base + "/send", key, [
                "title": "Colour", "body": "Pick one", "payload": Self.colour, "to": ["users": ["joe"]],
            ])
            let messageId = try #require(sent.json["messageId"]?.stringValue)
            let url = "http://127.0.0.1:\(server.port)"
            // No APNs is configured: the iPhone's push goes to the log, delivered.
            var lines: [Substring] = []
            for _ in 0..<100 {
                let shown = try await XpediteBinary.run(["notify", "deliveries", "--server", url, "--api-key", key, "--message", messageId])
                #expect(shown.status == 0, "\(shown.stderr)")
                lines = shown.stdout.split(separator: "\n")
                if lines.last?.contains("delivered") == true { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(lines == ["message \(messageId) \"Colour\"", "  joes-phone log delivered after 1 attempt(s)"])
            let outbox = try await XpediteBinary.run(["notify", "deliveries", "--server", url, "--api-key", key])
            #expect(outbox.status == 0)
            #expect(outbox.stdout == "outbox: nothing pending\nrecent problems: none\n")
            let json = try await XpediteBinary.run(["notify", "deliveries", "--server", url, "--api-key", key, "--json"])
            #expect(try JSONValue(parsing: json.stdout) == ["outbox": [], "recentProblems": []])
            let refused = try await XpediteBinary.run(["notify", "deliveries", "--server", url, "--api-key", "wrong"])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("HTTP 401 unauthorized"))
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url + "/metrics"), timeout: .seconds(20))
            #expect(response.status == .ok)
            let metrics = String(buffer: try await response.body.collect(upTo: 1 << 20))
            #expect(metrics.contains("xpedite_deliveries_total{provider=\"log\",state=\"delivered\"} 1"))
            #expect(metrics.contains("xpedite_delivery_request_duration_seconds"))
            #expect(metrics.contains("xpedite_outbox_depth{provider=\"log\"}"))
            #expect(metrics.contains("xpedite_outbox_oldest_due_seconds{provider=\"webhook\"}"))
            _ = folder
        }
    }
}
