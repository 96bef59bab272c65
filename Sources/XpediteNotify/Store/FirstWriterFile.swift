import Foundation

/// A small file of a data directory that the first of several processes writes and every one
/// reads: a generated secret (the demo's API key, the VAPID key) that servers starting at once on
/// one data directory must agree on.
///
/// The text is written whole to a draft file of its own (mode 0600), then hard-linked to the
/// file's name, which fails when the name exists. Whoever links first wins; the others read what
/// it wrote. A reader never sees a half-written file, and no process overwrites another's.
public enum FirstWriterFile {
    /// The text of the file at `url`, or `make()` written there when there is no file yet.
    ///
    /// - Returns: the text the file holds, and whether this call wrote it.
    /// - Throws: the file system's errors (a folder that cannot be made, a file that cannot be
    ///   written or read, text that is not UTF-8).
    public static func text(at url: URL, orWriting make: () -> String) throws -> (text: String, written: Bool) {
        let manager = FileManager.default
        if manager.fileExists(atPath: url.path) { return (try String(contentsOf: url, encoding: .utf8), false) }
        let directory = url.deletingLastPathComponent()
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        let text = make()
        let draft = directory.appendingPathComponent(url.lastPathComponent + "." + UUID().uuidString + ".tmp")
        guard manager.createFile(atPath: draft.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: draft.path])
        }
        let linked: Result<Void, any Error>
        do {
            linked = .success(try manager.linkItem(at: draft, to: url))
        } catch {
            linked = .failure(error)
        }
        try manager.removeItem(at: draft)  // the draft's name only: a link made keeps the text
        switch linked {
        case .success:
            return (text, true)
        case .failure(let error):
            guard manager.fileExists(atPath: url.path) else { throw error }
            return (try String(contentsOf: url, encoding: .utf8), false)
        }
    }
}
