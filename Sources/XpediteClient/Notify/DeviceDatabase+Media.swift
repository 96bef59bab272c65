import Foundation
import GRDB

/// Media attached while the server could not be reached: the bytes in the `media` table until they
/// are uploaded, then the document name the server gave them.
extension DeviceDatabase {
    /// A row of the `media` table: what it is, what it was attached for, and the queued response
    /// citing it (`nil` until a submit queues one).
    struct KeptMedia: Sendable, Hashable {
        var media: PendingMedia
        var source: String
        var responseId: String?
    }

    /// Keeps media attached to a form of `source` (a message's or start request's storage key);
    /// its description, with a new local reference.
    func keepMedia(_ bytes: Data, kind: MediaKind, source: String, at date: Date) async throws -> PendingMedia {
        let media = PendingMedia(reference: PendingMedia.makeReference(kind: kind), kind: kind, byteCount: bytes.count)
        try await database.write { db in
            try db.execute(sql: "INSERT INTO media (reference, kind, source, size, bytes, keptAt) VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [media.reference, kind.rawValue, source, bytes.count, bytes, date.timeIntervalSince1970])
        }
        return media
    }

    /// The media kept under a local reference; `nil` when there are none.
    func keptMedia(_ reference: String) async throws -> KeptMedia? {
        try await database.read { db in try Self.keptMedia(db, where: "reference = ?", [reference]).first }
    }

    /// Every media row, oldest first.
    func keptMedia() async throws -> [KeptMedia] {
        try await database.read { db in try Self.keptMedia(db, where: "1") }
    }

    /// The bytes kept under a local reference, until they are uploaded.
    func mediaBytes(_ reference: String) async throws -> Data? {
        try await database.read { db in try Data.fetchOne(db, sql: "SELECT bytes FROM media WHERE reference = ?", arguments: [reference]) }
    }

    /// Records the document name the server gave uploaded media, and drops the bytes: from now on
    /// the name stands for them and they are never uploaded again.
    func recordUpload(_ reference: String, documentName: String) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE media SET document = ?, bytes = NULL WHERE reference = ?", arguments: [documentName, reference])
        }
    }

    /// Removes media no queued response cites: the ones under `references`, and every one
    /// attached to a form of `source` when given (an answered message's other attempts).
    func removeUnclaimedMedia(_ references: [String], source: String? = nil) async throws {
        let removed = try await database.write { db in
            var count = 0
            for reference in references {
                try db.execute(sql: "DELETE FROM media WHERE reference = ? AND responseId IS NULL", arguments: [reference])
                count += db.changesCount
            }
            if let source {
                try db.execute(sql: "DELETE FROM media WHERE source = ? AND responseId IS NULL", arguments: [source])
                count += db.changesCount
            }
            return count
        }
        if removed > 0 { try await forgetDeletedMedia() }
    }

    /// Moves the write-ahead log into the database file and empties it, so deleted media (already
    /// overwritten with zeros there, `secure_delete`) leave no copy in the log either.
    func forgetDeletedMedia() async throws {
        do {
            try await database.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            // Another process (a second `xpedite device`) is reading the database: the deletion is
            // committed, and the log's old frames are overwritten after a later checkpoint.
        }
    }

    /// The media rows matching an SQL condition, oldest first.
    static func keptMedia(_ db: Database, where condition: String, _ arguments: StatementArguments = []) throws -> [KeptMedia] {
        try Row.fetchAll(db, sql: "SELECT reference, kind, source, size, document, responseId FROM media WHERE \(condition) ORDER BY keptAt, rowid",
                         arguments: arguments).map { row in
            guard let kind = MediaKind(rawValue: row["kind"]) else {
                throw DeviceError(status: nil, code: "corrupt_outbox", message: "kept media \(row["reference"] ?? "") has no known kind")
            }
            return KeptMedia(media: PendingMedia(reference: row["reference"], kind: kind, byteCount: row["size"], documentName: row["document"]),
                             source: row["source"], responseId: row["responseId"])
        }
    }
}
