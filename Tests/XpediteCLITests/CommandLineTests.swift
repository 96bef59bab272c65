import Foundation
import Testing
import XpediteProtocol

/// `xpedite validate`, `normalize` and `schema`, run as a person runs them.
@Suite("xpedite command line")
struct CommandLineTests {
    @Test("validate: 0 for valid files, warnings printed")
    func validFiles() async throws {
        let result = try await XpediteBinary.run(["validate", Fixtures.url("valid", "n-component-table.json").path,
                                                  Fixtures.url("valid", "o-component-button.json").path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("n-component-table.json: $.components[0].header[1].scroll: warning: "))
        #expect(result.stdout.contains("o-component-button.json: $.components[0].method: warning: a method string is old dialect"))
    }

    @Test("validate accepts every valid fixture in one run")
    func everyValidFixture() async throws {
        let files = Fixtures.files(in: "valid").map { Fixtures.url("valid", $0).path }
        let result = try await XpediteBinary.run(["validate", "--quiet"] + files)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty, "\(result.stdout)")
    }

    @Test("validate rejects every invalid fixture with exactly its expected lines",
          arguments: Fixtures.files(in: "invalid"))
    func everyInvalidFixture(_ name: String) async throws {
        let expectation = try InvalidFixtureExpectation(for: name)
        var arguments = ["validate"]
        if let kind = expectation.kind { arguments += ["--kind", kind.rawValue] }
        if expectation.connectionReply { arguments.append("--connection-reply") }
        let path = Fixtures.url("invalid", name).path
        let result = try await XpediteBinary.run(arguments + [path])
        #expect(result.status == 1)
        #expect(result.stdout == expectation.lines.map { "\(path): \($0)\n" }.joined())
    }

    @Test("validate: 1 and one line per issue for an invalid packet, from standard input")
    func invalidStdin() async throws {
        let packet = #"{"rc":0,"components":[{"type":"label","text":"t","size":{"width%":"wide"}},{"type":"buton"}]}"#
        let result = try await XpediteBinary.run(["validate", "-"], stdin: Data(packet.utf8))
        #expect(result.status == 1)
        #expect(result.stdout == """
            <stdin>: $.components[0].size.width%: expected a number, got "wide"
            <stdin>: $.components[1].type: unknown component "buton"; did you mean "button"?

            """)
    }

    @Test("validate: 2 for a file that is not JSON or cannot be read")
    func unreadable() async throws {
        let notJSON = try await XpediteBinary.run(["validate", "-"], stdin: Data("{\"rc\": 0,".utf8))
        #expect(notJSON.status == 2)
        #expect(notJSON.stderr.hasPrefix("<stdin>: not JSON"))
        let missing = try await XpediteBinary.run(["validate", "/nonexistent/screen.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("/nonexistent/screen.json: cannot read"))
    }

    @Test("validate: 2 and the reason when standard input cannot be read (a folder), not a crash")
    func unreadableStdin() async throws {
        // The shell opens the folder as standard input; reading it fails with EISDIR.
        let shell = Command(URL(fileURLWithPath: "/bin/sh"),
                            arguments: ["-c", #""$0" validate - < /"#, try XpediteBinary.executable().path])
        let result = try await shell.run()
        #expect(result.status == 2)
        #expect(result.stderr == "<stdin>: cannot read: Is a directory\n")
    }

    @Test("validate --json and --kind")
    func jsonOutput() async throws {
        let result = try await XpediteBinary.run(["validate", "--json", "--kind", "request", "-"],
                                                 stdin: Data(#"{"method":"home"}"#.utf8))
        #expect(result.status == 1)
        let report = try JSONValue(parsing: result.stdout)
        let first = report.arrayValue?.first
        #expect(first?["kind"] == "request")
        #expect(first?["valid"] == false)
        #expect(first?["issues"]?.arrayValue?.first?["code"] == "missing-token")
        #expect(first?["issues"]?.arrayValue?.first?["path"] == "$")
    }

    @Test("normalize prints the canonical new dialect")
    func normalize() async throws {
        let result = try await XpediteBinary.run(["normalize", Fixtures.url("valid", "o-component-button.json").path])
        #expect(result.status == 0)
        let tree = try JSONValue(parsing: result.stdout)
        #expect(tree["components"]?.arrayValue?.first?["method"] == ["function": "setOkay"])
        #expect(result.stdout == CanonicalJSON.string(tree) + "\n")
        let invalid = try await XpediteBinary.run(["normalize", "-"], stdin: Data(#"{"rc":0,"components":[{"type":"label"}]}"#.utf8))
        #expect(invalid.status == 1)
        #expect(invalid.stderr == "<stdin>: $.components[0]: label requires \"text\"\n")
        let lenient = try await XpediteBinary.run(["normalize", "--lenient", "-"],
                                                  stdin: Data(#"{"rc":0,"components":[{"type":"label"},{"type":"label","text":"ok"}]}"#.utf8))
        #expect(lenient.status == 0)
        #expect(lenient.stdout == #"{"components":[{"text":"ok","type":"label"}],"rc":0}"# + "\n")
    }

    @Test("schema prints a draft 2020-12 schema with every component")
    func schema() async throws {
        let result = try await XpediteBinary.run(["schema"])
        #expect(result.status == 0)
        let schema = try JSONValue(parsing: result.stdout)
        #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        for type in Component.types {
            #expect(schema["$defs"]?["component.\(type)"] != nil, "\(type)")
        }
    }

    @Test("every command explains itself with an example", arguments: ["validate", "normalize", "schema"])
    func help(_ command: String) async throws {
        let result = try await XpediteBinary.run([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("xpedite \(command)"))
    }
}
