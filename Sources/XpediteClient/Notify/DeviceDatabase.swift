import Foundation
import GRDB
import XpediteProtocol

/// The device's state on disk, one SQLite file (GRDB) in the data directory: the device id, the
/// session (server, username, device token), the messages and start requests last fetched (to
/// answer them offline), the outbox of responses not yet acknowledged, and the media attached
/// offline (bytes in the database, next to the responses that cite them).
/// Commits are synchronous (`synchronous = FULL`): a response the user was told is queued is
/// never lost to a crash. Deleted rows are overwritten (`secure_delete`): a discarded photo does
/// not linger in free pages.
final class DeviceDatabase: Sendable {
    let database: DatabaseQueue

    /// The name of the database file inside the data directory.
    static let fileName = "xpedite-device.sqlite"

    /// Opens (and creates) the database in `directory`, or in memory when `nil`.
    init(directory: URL?) throws {
        if let directory {
            // The file holds the device token, a credential: readable by its owner only, like
            // ~/.ssh (SQLite gives the -wal and -shm files the same mode).
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            let path = directory.appendingPathComponent(Self.fileName).path
            if !FileManager.default.fileExists(atPath: path) {
                guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                    throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
                }
            }
            var configuration = Configuration()
            // Another client on the same folder (an earlier one still closing, another process)
            // may hold the file for a moment: wait for it rather than fail.
            configuration.busyMode = .timeout(10)
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                try db.execute(sql: "PRAGMA synchronous = FULL")
                try db.execute(sql: "PRAGMA secure_delete = ON")
            }
            database = try DatabaseQueue(path: path, configuration: configuration)
        } else {
            database = try DatabaseQueue()
        }
    }

    /// Creates the tables when missing.
    func prepare() async throws {
        try await database.write { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS outbox (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT, responseId TEXT NOT NULL UNIQUE, body BLOB NOT NULL,
                    queuedAt DOUBLE NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, lastError BLOB);
                CREATE TABLE IF NOT EXISTS message (key TEXT PRIMARY KEY NOT NULL, body BLOB NOT NULL);
                CREATE TABLE IF NOT EXISTS media (
                    reference TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL, source TEXT NOT NULL, size INTEGER NOT NULL,
                    bytes BLOB, document TEXT, responseId TEXT, keptAt DOUBLE NOT NULL);
                CREATE INDEX IF NOT EXISTS media_by_response ON media (responseId);
                """)
        }
    }

    // MARK: Identity and session

    /// A stored value: `deviceId`, `server`, `username`, `token`.
    func value(_ key: String) async throws -> String? {
        try await database.read { db in try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key]) }
    }

    /// Stores values in one transaction; `nil` removes one.
    func store(_ values: [String: String?]) async throws {
        try await database.write { db in
            for (key, value) in values {
                if let value {
                    try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", arguments: [key, value])
                } else {
                    try db.execute(sql: "DELETE FROM meta WHERE key = ?", arguments: [key])
                }
            }
        }
    }

    // MARK: Outbox

    /// Adds a response to the outbox; one already there under its `responseId` stays as it is.
    /// The media kept under `references` (attached offline, cited by its values) become the
    /// response's, in the same transaction: they are uploaded when it is sent, and go with it.
    ///
    /// - Throws: ``DeviceError`` `missing_media` when one is not kept or belongs to another response.
    func enqueue(_ response: QueuedResponse, claiming references: [String] = []) async throws {
        let body = CanonicalJSON.data(.object(response.body))
        try await database.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO outbox (responseId, body, queuedAt, attempts) VALUES (?, ?, ?, ?)",
                           arguments: [response.responseId, body, response.queuedAt.timeIntervalSince1970, response.attempts])
            for reference in references {
                try db.execute(sql: "UPDATE media SET responseId = ? WHERE reference = ? AND responseId IS NULL",
                               arguments: [response.responseId, reference])
                guard db.changesCount == 1 else { throw DeviceError.missingMedia(reference) }
            }
        }
    }

    /// Every queued response, oldest first, with its media.
    func queued() async throws -> [QueuedResponse] {
        let (rows, media) = try await database.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT responseId, body, queuedAt, attempts, lastError FROM outbox ORDER BY seq").map { row in
                (responseId: row["responseId"] as String, body: row["body"] as Data, queuedAt: row["queuedAt"] as Double,
                 attempts: row["attempts"] as Int, lastError: row["lastError"] as Data?)
            }
            return (rows, try Self.keptMedia(db, where: "responseId IS NOT NULL"))
        }
        let mediaByResponse = Dictionary(grouping: media) { $0.responseId ?? "" }
        return try rows.map { row in
            guard case .object(let body) = try JSONValue(parsing: row.body) else {
                throw DeviceError(status: nil, code: "corrupt_outbox", message: "outbox entry \(row.responseId) is not a JSON object")
            }
            var lastError: DeviceError?
            if let data = row.lastError, case .object(let stored) = try JSONValue(parsing: data) {
                lastError = DeviceError(status: stored["status"]?.intValue, error: stored)
            }
            return QueuedResponse(responseId: row.responseId, body: body, queuedAt: Date(timeIntervalSince1970: row.queuedAt),
                                  attempts: row.attempts, lastError: lastError,
                                  pendingMedia: (mediaByResponse[row.responseId] ?? []).map(\.media))
        }
    }

    /// How many responses are queued.
    func queuedCount() async throws -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox") ?? 0 }
    }

    /// Removes an acknowledged (or discarded) response and its media; whether it was there.
    @discardableResult
    func remove(_ responseId: String) async throws -> Bool {
        let (removed, hadMedia) = try await database.write { db in
            try db.execute(sql: "DELETE FROM outbox WHERE responseId = ?", arguments: [responseId])
            let removed = db.changesCount > 0
            try db.execute(sql: "DELETE FROM media WHERE responseId = ?", arguments: [responseId])
            return (removed, db.changesCount > 0)
        }
        if hadMedia { try await forgetDeletedMedia() }
        return removed
    }

    /// Records a failed try: one more attempt, and its error.
    func recordFailure(_ responseId: String, error: DeviceError) async throws {
        let data = CanonicalJSON.data(error.json)
        try await database.write { db in
            try db.execute(sql: "UPDATE outbox SET attempts = attempts + 1, lastError = ? WHERE responseId = ?",
                           arguments: [data, responseId])
        }
    }

    // MARK: Messages

    /// Keeps a fetched message or start request (its JSON) under `key`.
    func storeMessage(_ body: Data, key: String) async throws {
        try await database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO message (key, body) VALUES (?, ?)", arguments: [key, body])
        }
    }

    /// The JSON last kept under `key`.
    func message(key: String) async throws -> Data? {
        try await database.read { db in try Data.fetchOne(db, sql: "SELECT body FROM message WHERE key = ?", arguments: [key]) }
    }

    /// Forgets the message kept under `key`.
    func removeMessage(key: String) async throws {
        try await database.write { db in try db.execute(sql: "DELETE FROM message WHERE key = ?", arguments: [key]) }
    }
}
