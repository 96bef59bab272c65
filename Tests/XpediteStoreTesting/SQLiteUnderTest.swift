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
