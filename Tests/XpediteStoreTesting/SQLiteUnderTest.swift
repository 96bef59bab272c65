import Foundation
import GRDB
import XpediteNotify
import XpediteNotifySQLite
import XpediteServer
import XpediteServerSQLite
import XpediteTestFixtures

/// SQLite: the stores in a temporary data directory, the keyset tables in memory.
struct SQLiteUnderTest: DatabaseUnderTest {
    var name: String { "sqlite" }
    var isAvailable: Bool { true }

    var sessionStores: [SessionStoreUnderTest] {
        [
            SessionStoreUnderTest(name: "sqlite") { body in
                let directory = try TemporaryDirectory("session-store")
                try await body(try SQLiteSessionStore(directory: directory.url))
            },
            // No in-memory copy of the records: every lookup reads the database.
            SessionStoreUnderTest(name: "sqlite-uncached") { body in
                let directory = try TemporaryDirectory("session-store")
                try await body(try SQLiteSessionStore(directory: directory.url, cachedSessions: 0))
            },
        ]
    }

    func withNotifyStore(_ body: (any NotifyStore) async throws -> Void) async throws {
        let directory = try TemporaryDirectory("notify-store")
        try await body(try SQLiteNotifyStore(directory: directory.url))
    }

    func withItems(count: Int, _ body: (any KeysetRowSource, _ insert: @Sendable (Int) async throws -> Void)
                   async throws -> Void) async throws {
        let database = try DatabaseQueue()
        try await database.write { db in
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL, note TEXT)")
            for index in 1...count {
                try db.execute(sql: "INSERT INTO item (id, name, price, note) VALUES (?, ?, ?, NULL)",
                               arguments: [index * 3, "Item \(index)", Double(index) / 2])
            }
        }
        let source = SQLiteKeysetSource(database, table: "item", columns: ["id", "name", "price", "note"], key: "id",
                                        where: "id > \(0)")
        try await body(source) { id in
            try await database.write { db in
                try db.execute(sql: "INSERT INTO item (id, name) VALUES (?, 'new')", arguments: [id])
            }
        }
    }

    func withItemsOnTwoServers(count: Int, jumpIndex: KeysetJumpIndex,
                               _ body: (any KeysetRowSource, _ write: @escaping @Sendable (_ insert: [Int], _ delete: [Int]) async throws -> Void)
                               async throws -> Void) async throws {
        // Two pools on one file, as two processes would open it.
        let directory = try TemporaryDirectory("keyset-two-servers")
        let file = directory.appendingPathComponent("items.sqlite").path
        let serverA = try DatabasePool(path: file)
        try await serverA.write { db in
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL, note TEXT)")
            try db.execute(sql: """
                INSERT INTO item (id, name, price, note)
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                SELECT i * 3, 'Item ' || i, i / 2.0, NULL FROM n
                """, arguments: [count])
        }
        let serverB = try DatabasePool(path: file)
        var source = SQLiteKeysetSource(serverA, table: "item", columns: ["id", "name", "price", "note"], key: "id",
                                        where: "id > \(0)")
        source.jumpIndex = jumpIndex
        try await body(source) { insert, delete in
            try await serverB.write { db in
                for id in delete { try db.execute(sql: "DELETE FROM item WHERE id = ?", arguments: [id]) }
                for id in insert { try db.execute(sql: "INSERT INTO item (id, name) VALUES (?, 'new')", arguments: [id]) }
            }
        }
    }

    func withLaterTable(_ body: (any KeysetRowSource, _ create: @Sendable () async throws -> Void)
                        async throws -> Void) async throws {
        let database = try DatabaseQueue()
        try await body(SQLiteKeysetSource(database, table: "later", columns: ["name", "id"], key: "id")) {
            try await database.write { db in
                try db.execute(sql: """
                    CREATE TABLE later (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO later VALUES (1, 'a'), (2, 'b'), (3, 'c')
                    """)
            }
        }
    }
}
