import Foundation
import Testing
import XpediteProtocol
import XpediteTestFixtures

/// `xpedite notify operators add|list|remove` against a running `xpedite notify serve`: the
/// password from standard input (never an option), the server's refusals printed with their paths.
@Suite(.serialized) struct NotifyOperatorsCommandTests {
    @Test func operatorsAreAddedListedAndRemoved() async throws {
        try await NotifyServerCommandTests.withServer { server, _ in
            let url = "http://127.0.0.1:\(server.port)"
            let common = ["--server", url, "--api-key", NotifyServerReliabilityTests.apiKey]
            let added = try await XpediteBinary.run(["notify", "operators", "add", "ann", "--role", "admin", "--password-stdin"] + common,
                                                    stdin: Data("a long passphrase\n".utf8))
            #expect(added.status == 0, "\(added.stderr)")
            #expect(added.stdout == "ann (admin)\n")
            let short = try await XpediteBinary.run(["notify", "operators", "add", "bob", "--role", "viewer", "--password-stdin"] + common,
                                                    stdin: Data("short\n".utf8))
            #expect(short.status == 1)
            #expect(short.stderr.contains("$.password: expected a password of at least 10 characters"))
            let badRole = try await XpediteBinary.run(["notify", "operators", "add", "bob", "--role", "owner", "--password-stdin"] + common,
                                                      stdin: Data("a long passphrase\n".utf8))
            #expect(badRole.status == 64)
            // No terminal and no --password-stdin: refused, nothing sent.
            let noPassword = try await XpediteBinary.run(["notify", "operators", "add", "bob", "--role", "viewer"] + common)
            #expect(noPassword.status == 64)
            let listed = try await XpediteBinary.run(["notify", "operators", "list"] + common)
            #expect(listed.status == 0)
            #expect(listed.stdout.hasPrefix("ann\tadmin\t"))
            #expect(listed.stdout.split(separator: "\n").count == 1)
            #expect(!listed.stdout.contains("passphrase"))
            let json = try await XpediteBinary.run(["notify", "operators", "list", "--json"] + common)
            #expect(try JSONValue(parsing: json.stdout)["operators"]?.arrayValue?.first?["role"] == "admin")
            let removed = try await XpediteBinary.run(["notify", "operators", "remove", "ann"] + common)
            #expect(removed.status == 0)
            #expect(removed.stdout == "removed ann\n")
            let again = try await XpediteBinary.run(["notify", "operators", "remove", "ann"] + common)
            #expect(again.status == 1)
            #expect(again.stderr.contains("HTTP 404 not_found"))
            let empty = try await XpediteBinary.run(["notify", "operators", "list"] + common)
            #expect(empty.stdout == "no operators\n")
        }
    }
}
