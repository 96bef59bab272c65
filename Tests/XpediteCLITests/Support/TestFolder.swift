import Foundation
import Testing

/// A temporary folder for the length of a body, removed afterwards (a failing test too).
enum TestFolder {
    /// Creates a folder named `prefix-UUID` in the temporary directory, runs `body` with it, and
    /// removes it with everything in it.
    static func with<T>(_ prefix: String, _ body: (URL) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            do { try FileManager.default.removeItem(at: folder) } catch { Issue.record("cannot clean up \(folder.path): \(error)") }
        }
        return try await body(folder)
    }
}
