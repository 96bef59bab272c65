import Foundation

/// A new, empty directory of its own for one test (`PREFIX-UUID` in the temporary directory),
/// removed with everything in it when the value goes away. Noncopyable, so exactly one owner
/// removes it: a local `let` in a test, or a stored property of a harness (a class), whose
/// directory then lives as long as the harness.
public struct TemporaryDirectory: ~Copyable, Sendable {
    /// The directory.
    public let url: URL

    /// Creates the directory.
    public init(_ prefix: String = "xpedite-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the directory.
    public func appendingPathComponent(_ component: String) -> URL {
        url.appendingPathComponent(component)
    }

    deinit {
        // Cleanup only: a directory left behind does not fail a test, but it is reported.
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            FileHandle.standardError.write(Data("cannot remove the test directory \(url.path): \(error)\n".utf8))
        }
    }
}
