import Foundation
import GRDB
import Synchronization
import XpediteServer

/// Sessions in a SQLite database through GRDB: one file in a data directory, in WAL mode (GRDB's
/// `DatabasePool` default), so sessions survive a restart and reads never wait for writes.
///
/// One table, `xpedite_session`, keyed by token (`WITHOUT ROWID`, so a lookup is one search in one
/// B-tree), with an index on `last_seen` for the purge. App values and sent navigation ids are
/// JSON columns. Every access is awaited on GRDB's connections, so no cooperative thread or event
/// loop ever blocks on SQLite. Looking a session up is one indexed query on a reader connection;
/// ``update(_:applying:)`` is one `UPDATE` that edits the JSON columns in SQL, which SQLite
/// serialises, so concurrent requests on one session merge key by key.
///
/// Recently used records are also kept in memory (``cachedSessions``, 10,000 by default), written
/// through on every change after it is committed: a lookup that finds its session there answers
/// without touching SQLite, with the same expiry. The copy assumes this store is the only writer
/// of the file; when other processes change sessions in it, pass `cachedSessions: 0`.
///
/// ```swift
/// let store = try SQLiteSessionStore(directory: URL(filePath: ".xpedite"))
/// var configuration = XpediteConfiguration()
/// configuration.sessionStore = store
/// ```
public final class SQLiteSessionStore: SessionStore {
    /// The database file.
    public let path: String

    private let pool: DatabasePool
    /// Read-only connections for lookups, used in turn: each is a GRDB `DatabaseQueue`, so a
    /// lookup is one hop onto its queue and back (a pool's read waits for a free reader on a
    /// shared queue first). In WAL mode they never wait for the pool's writer.
    private let readers: [DatabaseQueue]
    private let nextReader = Atomic<Int>(0)
    /// The in-memory copy of recent records; `nil` when ``cachedSessions`` is 0.
    private let cache: SessionRecordCache?

    /// The most session records kept in memory in front of the database; 0 when there is no cache.
    public var cachedSessions: Int { cache?.capacity ?? 0 }

    /// The name of the database file inside the data directory.
    public static let defaultFileName = "sessions.sqlite"

    /// The number of session records kept in memory by default.
    public static let defaultCachedSessions = 10_000

    /// Opens (creating if needed) `sessions.sqlite` in `directory`, creating the directory too.
    ///
    /// - Parameters:
    ///   - directory: the data directory.
    ///   - fileName: the database file's name in it.
    ///   - cachedSessions: how many recently used records to keep in memory (0: none). Keep it 0
    ///     when another process writes sessions to the same file.
    public convenience init(directory: URL, fileName: String = SQLiteSessionStore.defaultFileName,
                            cachedSessions: Int = SQLiteSessionStore.defaultCachedSessions) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try self.init(path: directory.appendingPathComponent(fileName).path, cachedSessions: cachedSessions)
    }

    /// Opens (creating if needed) the database file at `path` and migrates its schema.
    ///
    /// - Parameters:
    ///   - path: the database file.
    ///   - cachedSessions: how many recently used records to keep in memory (0: none). Keep it 0
    ///     when another process writes sessions to the same file.
    public init(path: String, cachedSessions: Int = SQLiteSessionStore.defaultCachedSessions) throws {
        var configuration = Configuration()
        configuration.label = "XpediteSessions"
        // Other processes (a second server, the CLI) may write the same file; wait for them.
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // In WAL mode NORMAL is durable against application crashes; only a power loss can
            // forget the last transactions — acceptable for sessions, and commits skip an fsync.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Lookups are random point reads by token: map the file (no read syscall per page) and
            // keep the upper levels of the token index in each connection's cache.
            try db.execute(sql: "PRAGMA mmap_size = 268435456")
            try db.execute(sql: "PRAGMA cache_size = -16384")
        }
        self.path = path
        self.pool = try DatabasePool(path: path, configuration: configuration)
        try Self.migrator.migrate(pool)
        var readerConfiguration = Configuration()
        readerConfiguration.label = "XpediteSessions.reader"
        readerConfiguration.readonly = true
        readerConfiguration.busyMode = .timeout(5)
        readerConfiguration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA mmap_size = 268435456")
            try db.execute(sql: "PRAGMA cache_size = -16384")
        }
        let readerCount = Swift.min(Swift.max(ProcessInfo.processInfo.activeProcessorCount, 2), 8)
        self.cache = cachedSessions > 0 ? SessionRecordCache(capacity: cachedSessions) : nil
        self.readers = try (0..<readerCount).map { _ in try DatabaseQueue(path: path, configuration: readerConfiguration) }
    }

    /// Closes the database connections; later calls fail. Closing also happens on deinit.
    public func close() throws {
        cache?.removeAll()
        for reader in readers { try reader.close() }
        try pool.close()
    }

    // MARK: - Schema

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("xpedite_session.v1") { db in
            try db.execute(sql: """
                CREATE TABLE xpedite_session (
                    token TEXT NOT NULL PRIMARY KEY,
                    bundle_id TEXT,
                    uuid TEXT,
                    bounds_x DOUBLE,
                    bounds_y DOUBLE,
                    bounds_width DOUBLE,
                    bounds_height DOUBLE,
                    xpedite_version INTEGER,
                    created_at DOUBLE NOT NULL,
                    last_seen DOUBLE NOT NULL,
                    version TEXT,
                    app_values TEXT NOT NULL DEFAULT '{}',
                    navigation TEXT NOT NULL DEFAULT '[]'
                ) WITHOUT ROWID;
                CREATE INDEX xpedite_session_last_seen ON xpedite_session(last_seen);
                """)
        }
        // The phone's appearance from setConnection (docs/protocol/packets.md#the-appearance):
        // "light", "dark" or NULL when it did not say.
        migrator.registerMigration("server.appearance") { db in
            try db.execute(sql: "ALTER TABLE xpedite_session ADD COLUMN appearance TEXT")
        }
        return migrator
    }

    private static let columns =
        "token, bundle_id, uuid, bounds_x, bounds_y, bounds_width, bounds_height, xpedite_version, created_at, "
        + "last_seen, version, app_values, navigation, appearance"

    // MARK: - SessionStore

    // Every write mirrors itself in the cache after SQLite committed it, inside the closure that
    // GRDB runs on its one serial writer: the cache changes in the database's order
    // (see SessionRecordCache).

    /// One `INSERT`, committed by itself; the new record is cached.
    public func insert(_ record: SessionRecord) async throws {
        let arguments = try Self.arguments(of: record)
        try await pool.writeWithoutTransaction { [cache] db in
            try db.cachedStatement(sql: Self.insertSQL).execute(arguments: arguments)
            cache?.store(record)
        }
    }

    /// One transaction; the records are not cached (an import should not evict sessions in use).
    public func insert(contentsOf records: [SessionRecord]) async throws {
        let rows = try records.map(Self.arguments(of:))
        try await pool.writeWithoutTransaction { [cache] db in
            try db.inTransaction {
                let statement = try db.cachedStatement(sql: Self.insertSQL)
                for arguments in rows { try statement.execute(arguments: arguments) }
                return .commit
            }
            for record in records { cache?.remove(record.token) }
        }
    }

    /// One indexed query on one of the read-only connections, awaited: the calling task is
    /// suspended, never blocked, while GRDB runs it on the connection's queue. It never waits for
    /// writers (WAL). One statement needs no transaction — SQLite runs it on one consistent
    /// snapshot — so the read skips GRDB's `BEGIN`/`COMMIT` around it.
    /// A cached record answers at once, with the same expiry rule.
    public func record(for token: String, activeSince cutoff: Date) async throws -> SessionRecord? {
        guard let cache else { return try await read(token, activeSince: cutoff) }
        switch cache.lookup(token, activeSince: cutoff) {
        case .hit(let record):
            return record
        case .miss(let generation):
            let record = try await read(token, activeSince: cutoff)
            if let record { cache.fill(record, ifGeneration: generation) }
            return record
        }
    }

    private func read(_ token: String, activeSince cutoff: Date) async throws -> SessionRecord? {
        let turn = nextReader.wrappingAdd(1, ordering: .relaxed).oldValue & Int.max  // never negative, even after wrapping
        let reader = readers[turn % readers.count]
        return try await reader.unsafeRead { db in
            // A cursor's row reads the statement's columns in place; `fetchOne` would copy them first.
            let rows = try Row.fetchCursor(db.cachedStatement(sql: Self.lookupSQL),
                                           arguments: [token, cutoff.timeIntervalSince1970])
            return try rows.next().map(Self.record(from:))
        }
    }

    /// One `UPDATE` statement, which SQLite applies atomically: app values are set and removed in
    /// the stored JSON with SQLite's `json_set`/`json_remove`, navigation ids are merged with the
    /// stored ones in SQL, so the row is neither read back nor parsed to apply a change, and
    /// concurrent requests on one session still merge key by key.
    public func update(_ token: String, applying changes: SessionChanges) async throws {
        guard !changes.isEmpty else { return }
        guard changes.setValues.keys.allSatisfy(Self.isPathSafe), changes.removedValues.allSatisfy(Self.isPathSafe) else {
            try await rewriteValues(token, applying: changes)
            return
        }
        let update = Self.update(token, applying: changes)
        try await pool.writeWithoutTransaction { [cache] db in
            try db.cachedStatement(sql: update.sql).execute(arguments: update.arguments)
            cache?.apply(changes, to: token)
        }
    }

    /// The `UPDATE` statement that applies a change set, and its arguments.
    private static func update(_ token: String, applying changes: SessionChanges)
        -> (sql: String, arguments: StatementArguments) {
        var assignments: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        if let lastSeen = changes.lastSeen {
            assignments.append("last_seen = MAX(last_seen, ?)")
            arguments.append(lastSeen.timeIntervalSince1970)
        }
        if let version = changes.version {
            assignments.append("version = ?")
            arguments.append(version)
        }
        if !changes.setValues.isEmpty || !changes.removedValues.isEmpty {
            var values = "app_values"
            if !changes.removedValues.isEmpty {
                let removed = changes.removedValues.sorted()
                values = "json_remove(\(values)" + String(repeating: ", ?", count: removed.count) + ")"
                arguments.append(contentsOf: removed.map(path(of:)))
            }
            if !changes.setValues.isEmpty {
                let set = changes.setValues.sorted { $0.key < $1.key }
                values = "json_set(\(values)" + String(repeating: ", ?, json(?)", count: set.count) + ")"
                for (name, value) in set {
                    arguments.append(path(of: name))
                    arguments.append(CanonicalJSON.string(value))
                }
            }
            assignments.append("app_values = \(values)")
        }
        if changes.resetsNavigation || !changes.sentNavigation.isEmpty {
            let base = changes.resetsNavigation ? "'[]'" : "navigation"
            if changes.sentNavigation.isEmpty {
                assignments.append("navigation = \(base)")
            } else {
                // The union of the stored ids and the new ones, as a JSON array.
                assignments.append("""
                    navigation = (SELECT json_group_array(value) FROM \
                    (SELECT value FROM json_each(\(base)) UNION SELECT value FROM json_each(?)))
                    """)
                arguments.append(encode(navigation: changes.sentNavigation))
            }
        }
        arguments.append(token)
        let sql = "UPDATE xpedite_session SET " + assignments.joined(separator: ", ") + " WHERE token = ?"
        return (sql, StatementArguments(arguments))
    }

    /// Whether SQLite's JSON path syntax can name a key: its `$."…"` labels have no escapes, so a
    /// key with a quote, a backslash or a control character cannot be addressed.
    private static func isPathSafe(_ name: String) -> Bool {
        !name.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }

    private static func path(of name: String) -> String {
        "$.\"" + name + "\""
    }

    /// The change set applied by reading and rewriting the row in one write transaction: only for
    /// value names SQLite's JSON paths cannot address (see ``isPathSafe(_:)``).
    private func rewriteValues(_ token: String, applying changes: SessionChanges) async throws {
        try await pool.writeWithoutTransaction { [cache] db in
            try db.inTransaction {
                guard let row = try Row.fetchOne(db.cachedStatement(sql: Self.byTokenSQL), arguments: [token]) else {
                    return .commit
                }
                var record = try Self.record(from: row)
                record.apply(changes)
                try db.cachedStatement(sql: """
                    UPDATE xpedite_session SET last_seen = ?, version = ?, app_values = ?, navigation = ? WHERE token = ?
                    """).execute(arguments: [record.lastSeen.timeIntervalSince1970, record.version,
                                             try Self.encode(values: record.values),
                                             Self.encode(navigation: record.sentNavigation), token])
                return .commit
            }
            cache?.apply(changes, to: token)
        }
    }

    public func removeSession(_ token: String) async throws {
        try await pool.writeWithoutTransaction { [cache] db in
            try db.cachedStatement(sql: "DELETE FROM xpedite_session WHERE token = ?").execute(arguments: [token])
            cache?.remove(token)
        }
    }

    /// Deletes in batches of 1,000 rows, one short write transaction each, so a purge of many
    /// sessions never holds the write lock long enough to slow requests down.
    public func removeSessions(inactiveSince cutoff: Date) async throws -> Int {
        var total = 0
        while true {
            let deleted = try await pool.writeWithoutTransaction { [cache] db in
                try db.cachedStatement(sql: """
                    DELETE FROM xpedite_session WHERE token IN
                        (SELECT token FROM xpedite_session WHERE last_seen < ? LIMIT 1000)
                    """).execute(arguments: [cutoff.timeIntervalSince1970])
                let deleted = db.changesCount
                // Cached records of this batch and of later ones go: a cached record never outlives its row.
                if deleted > 0 { cache?.removeAll(inactiveSince: cutoff) }
                return deleted
            }
            total += deleted
            if deleted < 1000 { return total }
            await Task.yield()
        }
    }

    public func count() async throws -> Int {
        try await pool.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM xpedite_session") ?? 0
        }
    }

    // MARK: - Rows

    private static let insertSQL = "INSERT INTO xpedite_session (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    private static let lookupSQL = "SELECT \(columns) FROM xpedite_session WHERE token = ? AND last_seen >= ?"
    private static let byTokenSQL = "SELECT \(columns) FROM xpedite_session WHERE token = ?"

    private static func arguments(of record: SessionRecord) throws -> StatementArguments {
        let bounds = record.device.bounds
        return [record.token, record.device.bundleID, record.device.uuid, bounds?.x, bounds?.y, bounds?.width,
                bounds?.height, record.device.xpediteVersion, record.createdAt.timeIntervalSince1970,
                record.lastSeen.timeIntervalSince1970, record.version, try encode(values: record.values),
                encode(navigation: record.sentNavigation), record.device.appearance?.rawValue]
    }

    private static func record(from row: Row) throws -> SessionRecord {
        let token: String = try row.decode(atIndex: 0)
        var bounds: Bounds?
        if let x: Double = try row.decode(atIndex: 3), let y: Double = try row.decode(atIndex: 4),
           let width: Double = try row.decode(atIndex: 5), let height: Double = try row.decode(atIndex: 6) {
            bounds = Bounds(x: x, y: y, width: width, height: height)
        }
        // An appearance this version does not know reads as unknown.
        let appearance = try row.decode(String?.self, atIndex: 13).flatMap(Appearance.init(rawValue:))
        let device = Device(bundleID: try row.decode(atIndex: 1), uuid: try row.decode(atIndex: 2), bounds: bounds,
                            xpediteVersion: try row.decode(atIndex: 7), appearance: appearance)
        return SessionRecord(
            token: token, device: device,
            createdAt: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: 8)),
            lastSeen: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: 9)),
            version: try row.decode(atIndex: 10),
            values: try decode(values: try row.decode(String.self, atIndex: 11)),
            sentNavigation: try decode(navigation: try row.decode(String.self, atIndex: 12)))
    }

    private static func encode(values: [String: JSONValue]) throws -> String {
        values.isEmpty ? "{}" : CanonicalJSON.string(.object(JSONObject(values)))
    }

    private static func encode(navigation: Set<String>) -> String {
        navigation.isEmpty ? "[]" : CanonicalJSON.string(.array(navigation.sorted().map(JSONValue.string)))
    }

    private static func decode(values text: String) throws -> [String: JSONValue] {
        if text == "{}" { return [:] }
        guard case .object(let object) = try JSONValue(parsing: text) else {
            throw SessionStoreError.corruptRecord(column: "app_values")
        }
        return object.dictionary
    }

    private static func decode(navigation text: String) throws -> Set<String> {
        if text == "[]" { return [] }
        guard case .array(let ids) = try JSONValue(parsing: text) else {
            throw SessionStoreError.corruptRecord(column: "navigation")
        }
        return Set(ids.compactMap(\.stringValue))
    }
}
