import Foundation
import NIOHTTP1
import Testing
import XpediteProtocol
import XpediteTestFixtures

/// `xpedite notify messages list` against a running `xpedite notify serve`: one message a line,
/// newest first, the filters sent as the query, the next page's `--after` on stderr.
@Suite(.serialized) struct NotifyMessagesCommandTests {
    @Test func messagesAreListedFilteredAndPaged() async throws {
        try await NotifyServerCommandTests.withServer { server, _ in
            let key = NotifyServerReliabilityTests.apiKey
            #expect(try await NotifyServerReliabilityTests.request(.PUT, server.base + "/users/joe", key, ["password": "pw"]).status == 200)
            for title in ["Fence check", "Lunch", "Gate inspection"] {
                let sent = try await NotifyServerReliabilityTests.request(.POST, server.base + "/send", key, [
                    "title": .string(title), "body": "Today", "payload": NotifyServerCommandTests.colour, "to": ["users": ["joe"]],
                ])
                #expect(sent.status == 201)
            }
            let common = ["--server", "http://127.0.0.1:\(server.port)", "--api-key", key]
            let all = try await XpediteBinary.run(["notify", "messages", "list"] + common)
            #expect(all.status == 0, "\(all.stderr)")
            let lines = all.stdout.split(separator: "\n")
            #expect(lines.map { $0.split(separator: "\t").last.map(String.init) } == ["Gate inspection", "Lunch", "Fence check"])
            #expect(lines.first?.contains("\tactive\t0/1 answered\t0/0 delivered\t") == true)
            let found = try await XpediteBinary.run(["notify", "messages", "list", "--q", "INSPECTION", "--state", "active"] + common)
            #expect(found.stdout.split(separator: "\n").count == 1 && found.stdout.hasSuffix("\tGate inspection\n"))
            let first = try await XpediteBinary.run(["notify", "messages", "list", "--limit", "2"] + common)
            #expect(first.stdout.split(separator: "\n").count == 2)
            let after = try #require(first.stderr.split(separator: "\n").first { $0.hasPrefix("more: --after ") })
            let second = try await XpediteBinary.run(["notify", "messages", "list", "--limit", "2", "--after",
                                                      String(after.dropFirst("more: --after ".count))] + common)
            #expect(second.stdout.hasSuffix("\tFence check\n") && second.stdout.split(separator: "\n").count == 1)
            #expect(!second.stderr.contains("more:"))
            let json = try await XpediteBinary.run(["notify", "messages", "list", "--json", "--state", "withdrawn"] + common)
            #expect(try JSONValue(parsing: json.stdout)["messages"] == [])
            let bad = try await XpediteBinary.run(["notify", "messages", "list", "--state", "gone"] + common)
            #expect(bad.status == 1)
            #expect(bad.stderr.contains("$.state"))
        }
    }
}
