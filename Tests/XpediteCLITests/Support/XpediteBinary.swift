import Foundation
import Testing
// The fixture readers are shared with the library tests; every file of this target sees them.
@_exported import XpediteTestFixtures

/// Runs the `xpedite` executable that SwiftPM built next to the test bundle, as a person runs it.
enum XpediteBinary {
    /// What one run printed and how it ended.
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

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

    /// Runs `xpedite arguments…` with `stdin` on standard input. Output goes through files, so a
    /// large standard error can never block the process on a full pipe.
    static func run(_ arguments: [String], stdin: Data? = nil) throws -> Result {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("xpedite-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            do { try FileManager.default.removeItem(at: folder) } catch { Issue.record("cannot clean up \(folder.path): \(error)") }
        }
        let inputFile = folder.appendingPathComponent("stdin")
        let outputFile = folder.appendingPathComponent("stdout")
        let errorFile = folder.appendingPathComponent("stderr")
        try (stdin ?? Data()).write(to: inputFile)
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
                      stdout: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }
}
