#if os(macOS) || os(Linux)
import Foundation
import Testing
import XpediteLayout
import XpediteProtocol

/// The built `xpedite layout` binary: every fixture through standard input, and the exit codes
/// and messages for bad bounds, bad JSON and invalid screens.
@Suite("xpedite layout")
struct LayoutCommandTests {
    @Test("reproduces every fixture", arguments: LayoutFixture.layouts)
    func reproduces(_ fixture: LayoutFixture) async throws {
        let result = try await XpediteBinary.run(fixture.commandArguments, stdin: CanonicalJSON.data(fixture.screen))
        #expect(result.status == 0, "\(result.stderr)")
        let tree = try JSONDecoder().decode(FrameTree.self, from: Data(result.stdout.utf8))
        let problems = fixture.mismatches(tree)
        #expect(problems.isEmpty, "\(fixture.name):\n\(problems.joined(separator: "\n"))")
        // Every warning is also printed to standard error, one line each.
        #expect(result.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }.count
            >= tree.warnings.count)
    }

    @Test("refuses invalid screens with the path of the problem (exit 1)", arguments: LayoutFixture.errors)
    func refuses(_ fixture: LayoutFixture) async throws {
        let result = try await XpediteBinary.run(fixture.commandArguments, stdin: CanonicalJSON.data(fixture.screen))
        #expect(result.status == Int32(fixture.expectedError?["exitCode"]?.intValue ?? -1))
        let message = try #require(fixture.expectedError?["message"]?.stringValue)
        #expect(result.stderr.contains("<stdin>: \(message)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    static let screen = Data(#"{"rc":0,"components":[{"type":"button","text":"Go","size":{"width%":80,"height":44,"centrex":0}}]}"#.utf8)

    struct Failure: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        let input: Data
        let status: Int32
        let message: String
        var testDescription: String { name }
    }

    static let failures: [Failure] = [
        Failure(name: "bounds with three numbers", arguments: ["layout", "-", "--bounds", "(0, 0, 393)"], input: screen,
                status: 1, message: #"--bounds: expected "(x, y, width, height)" with a non-negative width and height, got "(0, 0, 393)""#),
        Failure(name: "bounds with a negative width", arguments: ["layout", "-", "--bounds", "(0, 0, -393, 852)"],
                input: screen, status: 1, message: "--bounds: expected"),
        Failure(name: "bounds that are not numbers", arguments: ["layout", "-", "--bounds", "wide"], input: screen,
                status: 1, message: #"got "wide""#),
        Failure(name: "a malformed image size", arguments: ["layout", "-", "--image-size", "logo=big"], input: screen,
                status: 1, message: #"--image-size: expected ID=WIDTHxHEIGHT, got "logo=big""#),
        Failure(name: "not JSON", arguments: ["layout", "-"], input: Data("{\"rc\":0,".utf8), status: 2,
                message: "<stdin>: not JSON"),
        Failure(name: "an unreadable file", arguments: ["layout", "/nonexistent/screen.json"], input: Data(), status: 2,
                message: "/nonexistent/screen.json: cannot read"),
        Failure(name: "a label without text", arguments: ["layout", "-"],
                input: Data(#"{"rc":0,"components":[{"type":"button"},{"type":"label"}]}"#.utf8), status: 1,
                message: "<stdin>: $.components[1]"),
        Failure(name: "a size value of the wrong type", arguments: ["layout", "-"],
                input: Data(#"{"rc":0,"components":[{"type":"button","size":{"width%":"wide"}}]}"#.utf8), status: 1,
                message: "<stdin>: $.components[0].size"),
    ]

    @Test("fails with the exit code and message of the house style", arguments: failures)
    func fails(_ failure: Failure) async throws {
        let result = try await XpediteBinary.run(failure.arguments, stdin: failure.input)
        #expect(result.status == failure.status, "\(result.stderr)")
        #expect(result.stderr.contains(failure.message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("the default bounds are an iPhone 16's; --pretty indents the same JSON")
    func defaults() async throws {
        let plain = try await XpediteBinary.run(["layout", "-"], stdin: Self.screen)
        let explicit = try await XpediteBinary.run(["layout", "-", "--bounds", "(0.0, 0.0, 393.0, 852.0)"], stdin: Self.screen)
        #expect(plain.status == 0)
        #expect(plain.stdout == explicit.stdout)
        #expect(plain.stdout.contains(#"{"height":44,"width":314.4,"x":39.3,"y":0}"#))
        let pretty = try await XpediteBinary.run(["layout", "-", "--pretty"], stdin: Self.screen)
        let compact = try JSONDecoder().decode(FrameTree.self, from: Data(plain.stdout.utf8))
        #expect(try JSONDecoder().decode(FrameTree.self, from: Data(pretty.stdout.utf8)) == compact)
        #expect(pretty.stdout.contains("\n  "))
    }

    @Test("--text prints an outline")
    func outline() async throws {
        let result = try await XpediteBinary.run(["layout", "-", "--text", "--bounds", "(0, 0, 393, 852)"], stdin: Self.screen)
        #expect(result.status == 0)
        #expect(result.stdout == """
            screen (0, 59, 393, 759), content height 44
            [0] button (39.3, 0, 314.4, 44)

            """)
    }

    @Test("--lenient drops a broken component, as the phone does, and says so")
    func lenient() async throws {
        let input = Data(#"{"rc":0,"components":[{"type":"label"},{"type":"button","text":"Go"}]}"#.utf8)
        let result = try await XpediteBinary.run(["layout", "-", "--lenient", "--text"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("<stdin>: $.components[0]"))
        #expect(result.stdout.contains("[0] button (0, 0, 393, 44)"))
    }

    @Test("--repeat lays the screen out again and prints a median time, the frames unchanged")
    func repeated() async throws {
        let once = try await XpediteBinary.run(["layout", "-"], stdin: Self.screen)
        let repeated = try await XpediteBinary.run(["layout", "-", "--repeat", "3"], stdin: Self.screen)
        #expect(repeated.status == 0, "\(repeated.stderr)")
        #expect(repeated.stdout == once.stdout)
        #expect(repeated.stderr.contains("<stdin>: layout median "), "\(repeated.stderr)")
        #expect(repeated.stderr.contains(" µs over 3 layouts"), "\(repeated.stderr)")
        #expect(!once.stderr.contains("layout median"))
    }

    @Test("--help explains the command with an example")
    func help() async throws {
        let result = try await XpediteBinary.run(["layout", "--help"], stdin: Data())
        #expect(result.status == 0)
        #expect(result.stdout.contains("xpedite layout screen.json --bounds \"(0.0, 0.0, 393.0, 852.0)\""))
        #expect(result.stdout.contains("Exit status"))
    }
}

#endif
