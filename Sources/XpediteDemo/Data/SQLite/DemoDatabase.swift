import Foundation
import GRDB
import XpediteServer
import XpediteServerSQLite

/// The demo's own data in SQLite, the default `DemoStore`: `demo.sqlite` in the data directory
/// (GRDB `DatabasePool`, WAL), with the `customer`, `credit_change` and `response_cursor` tables
/// created by migrations (users live in XpediteNotify's directory, `notify/notify.sqlite`).
///
/// ```swift
/// let database = try DemoDatabase(directory: URL(filePath: ".xpedite-demo"))
/// let report = try await database.seedIfEmpty(count: 50_000) { done, total in … }
/// ```
public final class DemoDatabase: Sendable {
    /// The database file.
    public let path: String
    /// The connection pool; readers never wait for the writer.
    let pool: DatabasePool
    /// The customer list without a search, paged by id: one source for every request.
    let allCustomers: SQLiteKeysetSource<Row>

    /// The name of the database file inside the data directory.
    public static let fileName = "demo.sqlite"

    /// Opens (creating if needed) `demo.sqlite` in `directory`, creating the directory too, and
    /// migrates the schema.
    public convenience init(directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try self.init(path: directory.appendingPathComponent(Self.fileName).path)
    }

    /// Opens (creating if needed) the database at `path` and migrates the schema.
    public init(path: String) throws {
        var configuration = Configuration()
        configuration.label = "XpediteDemo"
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // WAL + NORMAL: durable against crashes of the demo, one fsync per checkpoint.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        self.path = path
        pool = try DatabasePool(path: path, configuration: configuration)
        try Self.migrator.migrate(pool)
        allCustomers = SQLiteKeysetSource(CustomerStore.listRequest(search: nil), key: "id", in: pool)
    }

    /// Closes the connections; later calls fail. Also happens on deinit.
    public func close() throws {
        try pool.close()
    }

    // MARK: - Schema

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("demo.v1") { db in
            try db.execute(sql: """
                CREATE TABLE customer (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    email TEXT NOT NULL,
                    city TEXT NOT NULL,
                    country TEXT NOT NULL,
                    since TEXT NOT NULL,
                    score INTEGER NOT NULL,
                    active INTEGER NOT NULL,
                    credit_limit INTEGER NOT NULL,
                    contact TEXT NOT NULL,
                    notes TEXT NOT NULL
                );
                CREATE TABLE user (
                    username TEXT NOT NULL PRIMARY KEY,
                    display_name TEXT NOT NULL,
                    password_hash TEXT NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        // Issue 11: users move to XpediteNotify's directory; credit limit changes wait for approval
        // there, and the cursor of the approval answers already applied is kept here.
        migrator.registerMigration("demo.v2") { db in
            try db.execute(sql: """
                DROP TABLE user;
                CREATE TABLE credit_change (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    customer_id INTEGER NOT NULL,
                    old_limit INTEGER NOT NULL,
                    new_limit INTEGER NOT NULL,
                    requested_by TEXT NOT NULL,
                    requested_at TEXT NOT NULL,
                    message_id TEXT UNIQUE,
                    state TEXT NOT NULL,
                    decided_by TEXT,
                    decided_at TEXT,
                    reason TEXT
                );
                CREATE INDEX credit_change_by_customer ON credit_change (customer_id, id);
                CREATE UNIQUE INDEX credit_change_one_pending ON credit_change (customer_id) WHERE state = 'pending';
                CREATE TABLE response_cursor (
                    topic TEXT NOT NULL PRIMARY KEY,
                    cursor INTEGER NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        return migrator
    }

    // MARK: - Seeding

    /// The number of customers in the database.
    public func customerCount() async throws -> Int {
        try await pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM customer") ?? 0 }
    }

    /// Seeds `count` generated customers when the table is empty; does nothing otherwise, so edits
    /// survive a restart.
    ///
    /// - Parameters:
    ///   - count: how many customers to generate.
    ///   - progress: called with (rows written, `count`) every 1 % (at most every 1,000 rows) and
    ///     at the end, on the database's writer thread.
    /// - Returns: what was done: `nil` when the data was already there.
    public func seedIfEmpty(count: Int, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in })
        async throws -> SeedReport?
    {
        guard try await customerCount() == 0 else { return nil }
        return try await seed(count: count, progress: progress)
    }

    /// Deletes every customer, credit change and applied-answers cursor, then seeds `count`
    /// generated customers.
    public func reset(count: Int, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws
        -> SeedReport
    {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM customer; DELETE FROM credit_change; DELETE FROM response_cursor")
        }
        return try await seed(count: count, progress: progress)
    }

    /// Inserts `count` generated customers in one transaction through one prepared statement.
    func seed(count: Int, progress: @escaping @Sendable (Int, Int) -> Void) async throws -> SeedReport {
        let clock = ContinuousClock()
        let start = clock.now
        let generator = CustomerGenerator()
        try await pool.write { db in
            let statement = try db.makeStatement(sql: CustomerStore.insertSQL)
            let interval = min(max(count / 100, 1), 1_000)
            for id in stride(from: 1, through: count, by: 1) {
                try statement.execute(arguments: CustomerStore.arguments(of: generator.customer(id: id)))
                if id % interval == 0 || id == count { progress(id, count) }
            }
        }
        return SeedReport(count: count, duration: clock.now - start)
    }
}
