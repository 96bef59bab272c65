import Foundation
import GRDB
import HummingbirdBcrypt
import NIOPosix

/// ``DemoAccounts`` in the demo database's `user` table: username, display name and a bcrypt hash
/// (hummingbird-auth's `HummingbirdBcrypt`).
///
/// bcrypt is slow on purpose and synchronous, so hashing and checking run on a NIO thread pool,
/// never on the cooperative pool or an event loop. An unknown username is checked against a
/// dummy hash too, so a wrong name takes as long as a wrong password.
public struct DatabaseAccounts: DemoAccounts {
    let database: DemoDatabase
    /// log2 of bcrypt's rounds.
    let cost: UInt8
    let threadPool: NIOThreadPool
    /// A hash of nothing in particular, checked when the username is unknown.
    private let dummyHash: String

    /// The accounts in `database`.
    ///
    /// - Parameters:
    ///   - cost: bcrypt's cost, 4…31 (each step doubles the time; 10 takes about 50 ms here).
    ///   - threadPool: where bcrypt runs.
    public init(database: DemoDatabase, cost: UInt8 = 10, threadPool: NIOThreadPool = .singleton) async throws {
        self.database = database
        self.cost = min(max(cost, 4), 31)
        self.threadPool = threadPool
        let effectiveCost = self.cost
        dummyHash = try await threadPool.runIfActive { Bcrypt.hash("not a password", cost: effectiveCost) }
    }

    public func authenticate(username: String, password: String) async throws -> DemoUser? {
        let key = Self.normalise(username)
        let account = try await database.pool.read { db -> (user: DemoUser, hash: String)? in
            try Row.fetchOne(db, sql: "SELECT username, display_name, password_hash FROM user WHERE username = ?",
                             arguments: [key])
                .map { (DemoUser(username: $0["username"], displayName: $0["display_name"]), $0["password_hash"]) }
        }
        let hash = account?.hash ?? dummyHash
        let matches = try await threadPool.runIfActive { Bcrypt.verify(password, hash: hash) }
        guard let account, matches else { return nil }
        return account.user
    }

    public func register(username: String, displayName: String, password: String) async throws {
        let cost = cost
        let hash = try await threadPool.runIfActive { Bcrypt.hash(password, cost: cost) }
        let key = Self.normalise(username)
        try await database.pool.write { db in
            try db.execute(sql: """
                INSERT INTO user (username, display_name, password_hash) VALUES (?, ?, ?)
                ON CONFLICT(username) DO UPDATE SET display_name = excluded.display_name,
                    password_hash = excluded.password_hash
                """, arguments: [key, displayName, hash])
        }
    }

    public func contains(username: String) async throws -> Bool {
        let key = Self.normalise(username)
        return try await database.pool.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM user WHERE username = ?)", arguments: [key]) ?? false
        }
    }

    static func normalise(_ username: String) -> String {
        username.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
