import Foundation
import NIOHTTP1
import Testing
import XpediteProtocol

/// `xpedite notify withdraw` and `xpedite notify send --expires-at` against `xpedite notify serve`,
/// all child processes.
@Suite(.serialized) struct NotifyWithdrawCommandTests {
    @Test func withdrawTakesAMessageBackAndDeliveriesShowsItsState() async throws {
        try await NotifyServerCommandTests.withServer { server, folder in
            let key = NotifyServerReliabilityTests.apiKey
            #expect(try await NotifyServerReliabilityTests.request(.PUT, server.base + "/users/joe", key, ["password": "pw"]).status == 200)
            let payloadFile = folder.appendingPathComponent("payload.json")
            try CanonicalJSON.data(NotifyServerCommandTests.colour).write(to: payloadFile)
            let url = "http://127.0.0.1:\(server.port)"

            let sent = try await XpediteBinary.run(["notify", "send", "--server", url, "--api-key", key, "--to", "user:joe",
                                                    "--title", "Colour", "--body", "Pick one",
                                                    "--expires-at", "2099-01-01T00:00:00Z", payloadFile.path])
            #expect(sent.status == 0, "\(sent.stderr)")
            let messageId = try #require(try JSONValue(parsing: sent.stdout)["messageId"]?.stringValue)
            let active = try await XpediteBinary.run(["notify", "deliveries", "--server", url, "--api-key", key, "--message", messageId])
            #expect(active.stdout.hasPrefix("message \(messageId) \"Colour\" active, expires at 2099-01-01T00:00:00Z\n"))

            let withdrawn = try await XpediteBinary.run(["notify", "withdraw", "--server", url, "--api-key", key,
                                                         "--reason", "sent by mistake", messageId])
            #expect(withdrawn.status == 0, "\(withdrawn.stderr)")
            #expect(try JSONValue(parsing: withdrawn.stdout) == ["messageId": .string(messageId), "state": "withdrawn", "withdrawn": 1])
            let again = try await XpediteBinary.run(["notify", "withdraw", "--server", url, "--api-key", key, messageId])
            #expect(again.status == 0 && again.stdout == withdrawn.stdout)
            let shown = try await XpediteBinary.run(["notify", "deliveries", "--server", url, "--api-key", key, "--message", messageId])
            let head = try #require(shown.stdout.split(separator: "\n").first)
            #expect(head.hasPrefix("message \(messageId) \"Colour\" withdrawn at "))
            #expect(head.hasSuffix(": sent by mistake"))

            let unknown = try await XpediteBinary.run(["notify", "withdraw", "--server", url, "--api-key", key, "no-such-message"])
            #expect(unknown.status == 1)
            #expect(unknown.stderr.contains("HTTP 404 not_found"))
            let badTime = try await XpediteBinary.run(["notify", "send", "--server", url, "--api-key", key, "--to", "user:joe",
                                                       "--title", "T", "--body", "B", "--expires-at", "yesterday", payloadFile.path])
            #expect(badTime.status != 0)
            #expect(badTime.stderr.contains("--expires-at yesterday"))
        }
    }
}
