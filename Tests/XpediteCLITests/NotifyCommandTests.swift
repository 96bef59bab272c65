import Foundation
import Testing
import XpediteProtocol

/// `xpedite notify validate` and `xpedite notify schema`, run as a user runs them.
@Suite("xpedite notify")
struct NotifyCommandTests {
    static func path(_ folder: String, _ name: String) -> String { Fixtures.url(folder, name).path }

    static func expectedLines(_ folder: String, _ name: String) throws -> [String] {
        let text = try String(contentsOf: Fixtures.url(folder, String(name.dropLast(5)) + ".expected"), encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }

    static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    @Test("every valid payload: exit 0, warnings only", arguments: Fixtures.files(in: "notify/valid"))
    func valid(_ name: String) async throws {
        let file = Self.path("notify/valid", name)
        let result = try await XpediteBinary.run(["notify", "validate", file])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(Self.lines(result.stdout).allSatisfy { $0.hasPrefix("\(file): $") && $0.contains(": warning: ") })
    }

    @Test("every invalid payload: exit 1 and exactly its expected lines", arguments: Fixtures.files(in: "notify/invalid"))
    func invalid(_ name: String) async throws {
        let file = Self.path("notify/invalid", name)
        let result = try await XpediteBinary.run(["notify", "validate", file])
        #expect(result.status == 1)
        #expect(Self.lines(result.stdout) == (try Self.expectedLines("notify/invalid", name)).map { "\(file): \($0)" })
        #expect(result.stderr.isEmpty)
    }

    static func payloadPath(forResponse name: String) -> String {
        path("notify/valid", String(name.dropLast(5)).components(separatedBy: "--")[0] + ".json")
    }

    @Test("valid responses against their payload: exit 0, no output", arguments: Fixtures.files(in: "notify/responses/valid"))
    func validResponse(_ name: String) async throws {
        let result = try await XpediteBinary.run(["notify", "validate", "--response", "--payload", Self.payloadPath(forResponse: name),
                                                  Self.path("notify/responses/valid", name)])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("invalid responses: exit 1 and exactly their expected lines", arguments: Fixtures.files(in: "notify/responses/invalid"))
    func invalidResponse(_ name: String) async throws {
        let file = Self.path("notify/responses/invalid", name)
        let result = try await XpediteBinary.run(["notify", "validate", "--response", "--payload", Self.payloadPath(forResponse: name), file])
        #expect(result.status == 1)
        #expect(Self.lines(result.stdout) == (try Self.expectedLines("notify/responses/invalid", name)).map { "\(file): \($0)" })
    }

    @Test("standard input, several files, the worst exit status wins")
    func several() async throws {
        let valid = Self.path("notify/valid", "favorite-color.json")
        let invalid = Self.path("notify/invalid", "duplicate-id.json")
        let piped = try await XpediteBinary.run(["notify", "validate", "-"], stdin: Data(#"{"responseTopic":"a","fields":[]}"#.utf8))
        #expect(piped.status == 1)
        #expect(piped.stdout == "<stdin>: $.responseTopic: expected a topic of the form \"/a/b/c\", got \"a\"\n")
        let both = try await XpediteBinary.run(["notify", "validate", valid, invalid])
        #expect(both.status == 1)
        #expect(both.stdout == "\(invalid): $.fields[1].id: duplicate field id \"name\"; first used at $.fields[0]\n")
        let missing = try await XpediteBinary.run(["notify", "validate", valid, "/nonexistent/payload.json", invalid])
        #expect(missing.status == 2)
        #expect(missing.stderr == "/nonexistent/payload.json: cannot read: no such file\n")
        let notJSON = try await XpediteBinary.run(["notify", "validate", "-"], stdin: Data("{".utf8))
        #expect(notJSON.status == 2)
        #expect(notJSON.stderr.hasPrefix("<stdin>: not JSON"))
    }

    @Test("--quiet hides warnings; --json prints issues and completed values")
    func options() async throws {
        let typo = Self.path("notify/valid", "video-typo.json")
        #expect(try await XpediteBinary.run(["notify", "validate", "--quiet", typo]).stdout.isEmpty)
        let payload = Self.path("notify/valid", "favorite-color.json")
        let response = Self.path("notify/responses/valid", "favorite-color--default.json")
        let result = try await XpediteBinary.run(["notify", "validate", "--json", "--response", "--payload", payload, response])
        #expect(result.status == 0)
        let json = try JSONValue(parsing: Data(result.stdout.utf8))
        let first = try #require(json.arrayValue?.first)
        #expect(first["valid"] == true)
        #expect(first["values"] == ["simpleDropList": "Blue"])
        #expect(first["issues"] == [])
    }

    @Test("--response needs a valid --payload with its fields")
    func payloadOption() async throws {
        let response = Self.path("notify/responses/valid", "favorite-color--green.json")
        let withoutPayload = try await XpediteBinary.run(["notify", "validate", "--response", response])
        #expect(withoutPayload.status == 64)
        #expect(withoutPayload.stderr.contains("--response needs --payload FILE"))
        let invalidPayload = Self.path("notify/invalid", "missing-fields.json")
        let refused = try await XpediteBinary.run(["notify", "validate", "--response", "--payload", invalidPayload, response])
        #expect(refused.status == 1)
        #expect(refused.stderr == "\(invalidPayload): $: payload requires \"fields\" (or \"payloadName\")\n")
        let named = Self.path("notify/valid", "named-payload.json")
        let unresolved = try await XpediteBinary.run(["notify", "validate", "--response", "--payload", named, response])
        #expect(unresolved.status == 1)
        #expect(unresolved.stderr.contains("names \"GetMyFavoriteColor\""))
    }

    @Test("schema: a payload schema by default, a response schema on request")
    func schema() async throws {
        let payload = try await XpediteBinary.run(["notify", "schema"])
        #expect(payload.status == 0)
        let payloadSchema = try JSONValue(parsing: Data(payload.stdout.utf8))
        #expect(payloadSchema == NotifySchemaGenerator.schema(for: .payload))
        let response = try await XpediteBinary.run(["notify", "schema", "--document", "response"])
        #expect(try JSONValue(parsing: Data(response.stdout.utf8))["$ref"] == "#/$defs/notify.response")
        #expect(try await XpediteBinary.run(["notify", "schema", "--document", "screen"]).status == 64)
    }
}
