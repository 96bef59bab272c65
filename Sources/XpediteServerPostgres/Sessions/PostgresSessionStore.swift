import Foundation
import Logging
import PostgresNIO
import XpeditePostgresSupport
import XpediteServer

/// Sessions in PostgreSQL, shared by every server on the database: a session created on one
/// server continues on any other (issue 18).
///
/// One table, `xpedite_session`, keyed by token, with an index on `last_seen` for the purge.
/// App values are a `jsonb` object and the navigation ids a `text[]`, so that
/// ``update(_:applying:)`` is one `UPDATE` that removes and sets keys and merges ids in SQL:
/// PostgreSQL locks the row for the statement, so concurrent requests on one session, on one
/// server or on several, merge key by key. Times are seconds since 1970 in `double precision`, as
/// the SQLite store keeps them, so a record reads back exactly as it was written.
///
/// Unlike `SQLiteSessionStore` (XpediteServerSQLite), nothing is kept in memory: other servers write the same rows,
/// and the row is the truth. Lookups of concurrent requests are read together instead: one
/// prepared query (`token = ANY($1)`) reads the sessions of every request that arrived while the
/// previous one ran, with at most `concurrentLookups` such queries at once, so each lookup still
/// sees every change committed before it was made (decision 291). Updates are written together
/// the same way (decision 0595): the app values and touches of the requests that finished while
/// the previous statement ran go in one prepared `UPDATE … FROM unnest(…)`, each session once.
public final class PostgresSessionStore: SessionStore {
    private let database: PostgresStoreDatabase
    private let lookups: SessionLookupBatcher
    private let updates: SessionUpdateBatcher

    /// The number of lookup queries that run at once by default.
    public static let defaultConcurrentLookups = 2

    /// The schema's versions (component `xpedite_session`).
    public static let migrations = [
        PostgresMigration(version: 1, name: "sessions", statements: [
            """
            CREATE TABLE xpedite_session (
                token TEXT NOT NULL PRIMARY KEY,
                bundle_id TEXT,
                uuid TEXT,
                bounds_x DOUBLE PRECISION,
                bounds_y DOUBLE PRECISION,
                bounds_width DOUBLE PRECISION,
                bounds_height DOUBLE PRECISION,
                xpedite_version BIGINT,
                created_at DOUBLE PRECISION NOT NULL,
                last_seen DOUBLE PRECISION NOT NULL,
                version TEXT,
                app_values JSONB NOT NULL DEFAULT '{}',
                navigation TEXT[] NOT NULL DEFAULT '{}'
            )
            """,
            "CREATE INDEX xpedite_session_last_seen ON xpedite_session (last_seen)",
        ]),
        // The phone's appearance from setConnection (docs/protocol/packets.md#the-appearance):
        // 'light', 'dark' or NULL when it did not say.
        PostgresMigration(version: 2, name: "server.appearance", statements: [
            "ALTER TABLE xpedite_session ADD COLUMN appearance TEXT",
        ]),
    ]

    /// Uses `database`, migrating its session schema first.
    ///
    /// - Parameters:
    ///   - database: the database.
    ///   - concurrentLookups: the most lookup queries at once (at least 1); lookups made while
    ///     they all run wait and are read together by the next one. Updates of app values run
    ///     the same way, with as many statements at once.
    public init(database: PostgresStoreDatabase,
                concurrentLookups: Int = PostgresSessionStore.defaultConcurrentLookups) async throws {
        self.database = database
        self.lookups = SessionLookupBatcher(concurrentReads: concurrentLookups) { tokens, cutoff in
            try await Self.records(for: tokens, activeSince: cutoff, in: database)
        }
        self.updates = SessionUpdateBatcher(concurrentWrites: concurrentLookups) { updates in
            try await Self.write(updates, in: database)
        }
        try await database.migrate("xpedite_session", migrations: Self.migrations)
    }

    private var client: PostgresClient { database.client }
    private var logger: Logger { database.logger }

    // MARK: - SessionStore

    public func insert(_ record: SessionRecord) async throws {
        try await client.query(Self.insertQuery(record), logger: logger)
    }

    /// One transaction for all of them.
    public func insert(contentsOf records: [SessionRecord]) async throws {
        guard !records.isEmpty else { return }
        let queries = try records.map(Self.insertQuery)
        try await client.withTransaction(logger: logger) { connection in
            for query in queries { try await connection.query(query, logger: self.logger) }
        }
    }

    /// Read together with the lookups of other requests made meanwhile (``SessionLookupBatcher``),
    /// by one prepared statement: each pooled connection parses and plans it once, then every
    /// query on that connection only binds the tokens and runs it.
    public func record(for token: String, activeSince cutoff: Date) async throws -> SessionRecord? {
        try await lookups.record(for: token, activeSince: cutoff)
    }

    /// The sessions with `tokens` seen at or after `cutoff`, by token.
    private static func records(for tokens: [String], activeSince cutoff: Date,
                                in database: PostgresStoreDatabase) async throws -> [String: SessionRecord] {
        var records: [String: SessionRecord] = [:]
        let rows = try await database.client.execute(Lookup(tokens: tokens, cutoff: cutoff.timeIntervalSince1970),
                                                     logger: database.logger)
        for try await row in rows {
            let record = try Self.record(from: row)
            records[record.token] = record
        }
        return records
    }

    /// The lookup of ``record(for:activeSince:)``, for one token or many.
    private struct Lookup: PostgresPreparedStatement {
        static let name = "xpedite_session_lookup_many"
        static let sql = """
            SELECT token, bundle_id, uuid, bounds_x, bounds_y, bounds_width, bounds_height, xpedite_version,
                   created_at, last_seen, version, app_values::text, navigation, appearance
            FROM xpedite_session WHERE token = ANY($1) AND last_seen >= $2
            """
        static let bindingDataTypes: [PostgresDataType] = [.textArray, .float8]

        var tokens: [String]
        var cutoff: Double

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(tokens)
            bindings.append(cutoff)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> PostgresSessionStore.Row {
            try row.decode(PostgresSessionStore.Row.self)
        }
    }

    /// One `UPDATE`: `jsonb` removes (`-`) and sets (`||`) the values, the ids are merged as a set.
    /// Changes of app values and touches only (what most requests change: a table's cursor, a
    /// form's draft) are written with those of concurrent requests, in one statement
    /// (``SessionUpdateBatcher``); the others by a statement of their own, prepared once per
    /// connection for each shape of change.
    public func update(_ token: String, applying changes: SessionChanges) async throws {
        guard !changes.isEmpty else { return }
        if changes.version == nil, !changes.resetsNavigation, changes.sentNavigation.isEmpty {
            try await updates.update(token, applying: changes)
            return
        }
        var assignments: [String] = []
        var bindings = PostgresBindings()
        func bind(_ value: some PostgresEncodable) throws -> String {
            try bindings.append(value)
            return "$\(bindings.count)"
        }
        if let lastSeen = changes.lastSeen {
            assignments.append("last_seen = GREATEST(last_seen, \(try bind(lastSeen.timeIntervalSince1970)))")
        }
        if let version = changes.version {
            assignments.append("version = \(try bind(version))")
        }
        if !changes.setValues.isEmpty || !changes.removedValues.isEmpty {
            var values = "app_values"
            if !changes.removedValues.isEmpty {
                values = "(\(values) - \(try bind(changes.removedValues.sorted()))::text[])"
            }
            if !changes.setValues.isEmpty {
                let object = CanonicalJSON.string(.object(JSONObject(changes.setValues)))
                values = "(\(values) || \(try bind(object))::jsonb)"
            }
            assignments.append("app_values = \(values)")
        }
        if changes.resetsNavigation || !changes.sentNavigation.isEmpty {
            let base = changes.resetsNavigation ? "'{}'::text[]" : "navigation"
            if changes.sentNavigation.isEmpty {
                assignments.append("navigation = \(base)")
            } else {
                let added = try bind(changes.sentNavigation.sorted())
                assignments.append("navigation = ARRAY(SELECT DISTINCT id FROM unnest(\(base) || \(added)::text[]) AS id ORDER BY id)")
            }
        }
        let sql = "UPDATE xpedite_session SET " + assignments.joined(separator: ", ") + " WHERE token = \(try bind(token))"
        for try await _ in try await database.execute(sql, bindings: bindings) {}
    }

    /// The app values and touches of several sessions (each once) in one statement.
    private static func write(_ updates: [SessionUpdateBatcher.Update], in database: PostgresStoreDatabase) async throws {
        var statement = BatchUpdate()
        for update in updates {
            let changes = update.changes
            statement.tokens.append(update.token)
            // No touch: a time before every session's, which GREATEST leaves alone.
            statement.lastSeen.append(changes.lastSeen?.timeIntervalSince1970 ?? 0)
            statement.removed.append(CanonicalJSON.string(.array(changes.removedValues.sorted().map(JSONValue.string))))
            statement.added.append(CanonicalJSON.string(.object(JSONObject(changes.setValues))))
        }
        for try await _ in try await database.client.execute(statement, logger: database.logger) {}
    }

    /// ``write(_:in:)``'s statement: for each session, its values removed then set, as the
    /// single `UPDATE` does, and `last_seen` moved forward when it was touched.
    private struct BatchUpdate: PostgresPreparedStatement {
        static let name = "xpedite_session_update_many"
        static let sql = """
            UPDATE xpedite_session AS s
            SET last_seen = GREATEST(s.last_seen, u.last_seen),
                app_values = (s.app_values - ARRAY(SELECT jsonb_array_elements_text(u.removed::jsonb))) || u.added::jsonb
            FROM unnest($1::text[], $2::float8[], $3::text[], $4::text[]) AS u(token, last_seen, removed, added)
            WHERE s.token = u.token
            """
        static let bindingDataTypes: [PostgresDataType] = [.textArray, .float8Array, .textArray, .textArray]

        var tokens: [String] = []
        var lastSeen: [Double] = []
        var removed: [String] = []
        var added: [String] = []

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 4)
            bindings.append(tokens)
            bindings.append(lastSeen)
            bindings.append(removed)
            bindings.append(added)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws {}
    }

    public func removeSession(_ token: String) async throws {
        try await client.query("DELETE FROM xpedite_session WHERE token = \(token)", logger: logger)
    }

    /// Deletes in batches of 1,000 rows, one short statement each, so a purge never holds many
    /// row locks for long.
    public func removeSessions(inactiveSince cutoff: Date) async throws -> Int {
        var total = 0
        while true {
            var deleted = 0
            for try await count in try await client.query("""
                WITH gone AS (
                    DELETE FROM xpedite_session WHERE token IN
                        (SELECT token FROM xpedite_session WHERE last_seen < \(cutoff.timeIntervalSince1970)
                         LIMIT 1000 FOR UPDATE SKIP LOCKED)
                    RETURNING 1)
                SELECT count(*) FROM gone
                """, logger: logger).decode(Int.self) {
                deleted = count
            }
            total += deleted
            if deleted < 1000 { return total }
            await Task.yield()
        }
    }

    public func count() async throws -> Int {
        for try await count in try await client.query("SELECT count(*) FROM xpedite_session", logger: logger)
            .decode(Int.self) {
            return count
        }
        return 0
    }

    // MARK: - Rows

    private typealias Row = (String, String?, String?, Double?, Double?, Double?, Double?, Int?, Double, Double, String?,
                             String, [String], String?)

    private static func insertQuery(_ record: SessionRecord) throws -> PostgresQuery {
        let bounds = record.device.bounds
        let values = record.values.isEmpty ? "{}" : CanonicalJSON.string(.object(JSONObject(record.values)))
        let navigation = record.sentNavigation.sorted()
        return """
            INSERT INTO xpedite_session (token, bundle_id, uuid, bounds_x, bounds_y, bounds_width, bounds_height,
                xpedite_version, created_at, last_seen, version, app_values, navigation, appearance)
            VALUES (\(record.token), \(record.device.bundleID), \(record.device.uuid), \(bounds?.x), \(bounds?.y),
                \(bounds?.width), \(bounds?.height), \(record.device.xpediteVersion),
                \(record.createdAt.timeIntervalSince1970), \(record.lastSeen.timeIntervalSince1970), \(record.version),
                \(values)::jsonb, \(navigation), \(record.device.appearance?.rawValue))
            """
    }

    private static func record(from row: Row) throws -> SessionRecord {
        let (token, bundleID, uuid, x, y, width, height, xpediteVersion, createdAt, lastSeen, version, values,
             navigation, appearance) = row
        var bounds: Bounds?
        if let x, let y, let width, let height {
            bounds = Bounds(x: x, y: y, width: width, height: height)
        }
        guard case .object(let object) = try JSONValue(parsing: values) else {
            throw SessionStoreError.corruptRecord(column: "app_values")
        }
        return SessionRecord(
            token: token,
            device: Device(bundleID: bundleID, uuid: uuid, bounds: bounds, xpediteVersion: xpediteVersion,
                           appearance: appearance.flatMap(Appearance.init(rawValue:))),
            createdAt: Date(timeIntervalSince1970: createdAt), lastSeen: Date(timeIntervalSince1970: lastSeen),
            version: version, values: object.dictionary, sentNavigation: Set(navigation))
    }
}
