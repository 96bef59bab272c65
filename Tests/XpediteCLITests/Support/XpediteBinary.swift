import Foundation
import Testing
// The fixture readers are shared with the library tests, and the runner of child processes
// (`Command`, `ChildProcess`) with the builder tests; every file of this target sees them.
@_exported import XpediteTestFixtures
@_exported import XpediteTestProcesses

/// Runs the `xpedite` executable that SwiftPM built next to the test bundle, as a person runs it.
enum XpediteBinary {
    /// The executable was not found.
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

    /// `xpedite arguments…`, to run to its end or to start for the length of a test.
    static func command(_ arguments: [String]) throws -> Command {
        Command(try executable(), arguments: arguments)
    }

    /// Runs `xpedite arguments…` to its end with `stdin` on standard input (else none) and
    /// `environment` added to the test's environment.
    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) async throws -> CommandResult {
        var command = try command(arguments)
        command.environment = environment
        return try await command.run(stdin: stdin)
    }
}
