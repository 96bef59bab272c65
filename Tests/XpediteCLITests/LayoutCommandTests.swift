#if os(macOS) || os(Linux)
import Foundation
import Testing
import XpediteLayout
import XpediteProtocol
import XpediteTestFixtures

/// The built `xpedite layout` binary: every fixture through standard input, and the exit codes
/// and messages for bad bounds, bad JSON and invalid screens.
@Suite("xpedite layout")
struct LayoutCommandTests {
    @Test("reproduces every fixture", arguments: LayoutFixture.layouts)
    func reproduces(_ fixture: LayoutFixture) throws {
        let result = try Xpedite.run(fixture.commandArguments, input: CanonicalJSON.data(fixture.screen))
        #expect(result.status == 0, "\(result.standardError)")
        let tree = try JSONDecoder().decode(FrameTree.self, from: Data(result.standardOutput.utf8))
        let problems = fixture.mismatches(tree)
        #expect(problems.isEmpty, "\(fixture.name):\n\(problems.joined(separator: "\n"))")
        // Every warning is also printed to standard error, one line each.
        #expect(result.standardError.split(separator: "\n").filter { $0.contains(": warning: ") }.count
            >= tree.warnings.count)
    }

    @Test("refuses invalid screens with the path of the problem (exit 1)", arguments: LayoutFixture.errors)
    func refuses(_ fixture: LayoutFixture) throws {
        let result = try Xpedite.run(fixture.commandArguments, input: CanonicalJSON.data(fixture.screen))
        #expect(result.status == Int32(fixture.expectedError?["exitCode"]?.intValue ?? -1))
        let message = try #require(fixture.expectedError?["message"]?.stringValue)
        #expect(result.standardError.contains("<stdin>: \(message)"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
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
    func fails(_ failure: Failure) throws {
        let result = try Xpedite.run(failure.arguments, input: failure.input)
        #expect(result.status == failure.status, "\(result.standardError)")
        #expect(result.standardError.contains(failure.message), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("the default bounds are an iPhone 16's; --pretty indents the same JSON")
    func defaults() throws {
        let plain = try Xpedite.run(["layout", "-"], input: Self.screen)
        let explicit = try Xpedite.run(["layout", "-", "--bounds", "(0.0, 0.0, 393.0, 852.0)"], input: Self.screen)
        #expect(plain.status == 0)
        #expect(plain.standardOutput == explicit.standardOutput)
        #expect(plain.standardOutput.contains(#"{"height":44,"width":314.4,"x":39.3,"y":0}"#))
        let pretty = try Xpedite.run(["layout", "-", "--pretty"], input: Self.screen)
        let compact = try JSONDecoder().decode(FrameTree.self, from: Data(plain.standardOutput.utf8))
        #expect(try JSONDecoder().decode(FrameTree.self, from: Data(pretty.standardOutput.utf8)) == compact)
        #expect(pretty.standardOutput.contains("\n  "))
    }

    @Test("--text prints an outline")
    func outline() throws {
        let result = try Xpedite.run(["layout", "-", "--text", "--bounds", "(0, 0, 393, 852)"], input: Self.screen)
        #expect(result.status == 0)
        #expect(result.standardOutput == """
            screen (0, 59, 393, 759), content height 44
            [0] button (39.3, 0, 314.4, 44)

            """)
    }

    @Test("--lenient drops a broken component, as the phone does, and says so")
    func lenient() throws {
        let input = Data(#"{"rc":0,"components":[{"type":"label"},{"type":"button","text":"Go"}]}"#.utf8)
        let result = try Xpedite.run(["layout", "-", "--lenient", "--text"], input: input)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("<stdin>: $.components[0]"))
        #expect(result.standardOutput.contains("[0] button (0, 0, 393, 44)"))
    }

    @Test("--help explains the command with an example")
    func help() throws {
        let result = try Xpedite.run(["layout", "--help"], input: Data())
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("xpedite layout screen.json --bounds \"(0.0, 0.0, 393.0, 852.0)\""))
        #expect(result.standardOutput.contains("Exit status"))
    }
}

/// Runs the `xpedite` executable that SwiftPM built next to the test bundle.
enum Xpedite {
    struct Result: Sendable {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    struct NotFound: Error, CustomStringConvertible {
        let searched: [String]
        var description: String { "the xpedite executable was not found in: \(searched.joined(separator: ", "))" }
    }

    /// The executable: `$XPEDITE_EXECUTABLE` if set, else `xpedite` in the build products folder,
    /// found by walking up from the test bundle and the running test process.
    static func executable() throws -> URL {
        let fileManager = FileManager.default
        if let path = ProcessInfo.processInfo.environment["XPEDITE_EXECUTABLE"], fileManager.isExecutableFile(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        var starts = [Bundle.main.bundleURL] + Bundle.allBundles.map(\.bundleURL)
        if let first = CommandLine.arguments.first { starts.append(URL(fileURLWithPath: first)) }
        var searched: [String] = []
        for start in starts {
            var folder = start.standardizedFileURL
            for _ in 0..<5 {
                let candidate = folder.appendingPathComponent("xpedite")
                if !searched.contains(folder.path) { searched.append(folder.path) }
                var isFolder: ObjCBool = false
                if fileManager.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
                   fileManager.isExecutableFile(atPath: candidate.path) {
                    return candidate
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        throw NotFound(searched: searched)
    }

    /// Runs `xpedite arguments…` with `input` on standard input.
    static func run(_ arguments: [String], input: Data) throws -> Result {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("xpedite-layout-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            do { try FileManager.default.removeItem(at: folder) } catch { Issue.record("cannot clean up \(folder.path): \(error)") }
        }
        let inputFile = folder.appendingPathComponent("stdin")
        let outputFile = folder.appendingPathComponent("stdout")
        let errorFile = folder.appendingPathComponent("stderr")
        try input.write(to: inputFile)
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let standardInput = try FileHandle(forReadingFrom: inputFile)
        let standardOutput = try FileHandle(forWritingTo: outputFile)
        let standardError = try FileHandle(forWritingTo: errorFile)
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardError
        try process.run()
        process.waitUntilExit()
        try standardInput.close()
        try standardOutput.close()
        try standardError.close()
        return Result(status: process.terminationStatus,
                      standardOutput: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
                      standardError: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }
}
#endif
