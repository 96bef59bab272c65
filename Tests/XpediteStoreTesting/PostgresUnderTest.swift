import PostgresNIO
import XpediteNotify
import XpediteNotifyPostgres
import XpeditePostgresSupport
import XpeditePostgresTesting
import XpediteServer
import XpediteServerPostgres

/// PostgreSQL: every store in a new database of the test's own on the run's server
/// (`XPEDITE_TEST_DATABASE_URL`, TestDatabaseServer), dropped afterwards.
struct PostgresUnderTest: DatabaseUnderTest {
    var name: String { "postgres" }
    var isAvailable: Bool { TestDatabaseServer.isConfigured }

    var sessionStores: [SessionStoreUnderTest] {
        [
            SessionStoreUnderTest(name: "postgres") { body in
                try await TestDatabaseServer.withDatabase { database in
                    try await body(try await PostgresSessionStore(database: database))
                }
            },
        ]
    }

    func withNotifyStore(_ body: (any NotifyStore) async throws -> Void) async throws {
        try await TestDatabaseServer.withDatabase { database in
            try await body(try await PostgresNotifyStore(database: database))
        }
    }

    func withItems(count: Int, _ body: (any KeysetRowSource, _ insert: @Sendable (Int) async throws -> Void)
                   async throws -> Void) async throws {
        try await TestDatabaseServer.withDatabase { database in
            try await database.client.query(
                "CREATE TABLE item (id BIGINT PRIMARY KEY, name TEXT NOT NULL, price DOUBLE PRECISION, note TEXT)")
            for index in 1...count {
                try await database.client.query("""
                    INSERT INTO item (id, name, price, note) VALUES (\(index * 3), \("Item \(index)"), \(Double(index) / 2), NULL)
                    """)
            }
            let source = PostgresKeysetSource(database, table: "item", columns: ["id", "name", "price", "note"], key: "id",
                                              where: "id > \(0)")
            try await body(source) { id in
                try await database.client.query("INSERT INTO item (id, name) VALUES (\(id), 'new')")
            }
        }
    }

    func withItemsOnTwoServers(count: Int, jumpIndex: KeysetJumpIndex,
                               _ body: (any KeysetRowSource, _ write: @escaping @Sendable (_ insert: [Int], _ delete: [Int]) async throws -> Void)
                               async throws -> Void) async throws {
        try await TestDatabaseServer.withDatabaseURL { url in
            let serverA = try await PostgresStoreDatabase.connect(url, maximumConnections: 4)
            let serverB = try await PostgresStoreDatabase.connect(url, maximumConnections: 2)
            let result: Result<Void, any Error>
            do {
                try await serverA.client.query(
                    "CREATE TABLE item (id BIGINT PRIMARY KEY, name TEXT NOT NULL, price DOUBLE PRECISION, note TEXT)")
                try await serverA.client.query("""
                    INSERT INTO item (id, name, price, note)
                    SELECT n * 3, 'Item ' || n, n / 2.0, NULL FROM generate_series(1, \(count)) AS n
                    """)
                var source = PostgresKeysetSource(serverA, table: "item", columns: ["id", "name", "price", "note"],
                                                  key: "id", where: "id > \(0)")
                source.jumpIndex = jumpIndex
                result = .success(try await body(source) { insert, delete in
                    // One statement, so one transaction: the deletions and the insertions commit together.
                    try await serverB.client.query("""
                        WITH removed AS (DELETE FROM item WHERE id = ANY(\(delete.map(Int64.init))))
                        INSERT INTO item (id, name) SELECT unnest(\(insert.map(Int64.init))::int8[]), 'new'
                        """)
                })
            } catch {
                result = .failure(error)
            }
            await serverA.close()
            await serverB.close()
            try result.get()
        }
    }

    func withLaterTable(_ body: (any KeysetRowSource, _ create: @Sendable () async throws -> Void)
                        async throws -> Void) async throws {
        // One connection: the statement that failed before the table existed is prepared again on it.
        try await TestDatabaseServer.withDatabase(maximumConnections: 1) { database in
            try await body(PostgresKeysetSource(database, table: "later", columns: ["name", "id"], key: "id")) {
                try await database.client.query("CREATE TABLE later (id BIGINT PRIMARY KEY, name TEXT)")
                try await database.client.query("INSERT INTO later VALUES (1, 'a'), (2, 'b'), (3, 'c')")
            }
        }
    }
}
