import Foundation
import GRDB
import XpediteNotify

extension SQLiteNotifyStore {
    public func putOperator(username: String, passwordHash: String, role: OperatorRole, at date: Date) async throws -> NotifyOperator {
        try await pool.write { db in
            try db.execute(sql: """
                INSERT INTO notify_operator (username, password_hash, role, created_at) VALUES (?, ?, ?, ?)
                ON CONFLICT(username) DO UPDATE SET password_hash = excluded.password_hash, role = excluded.role
                """, arguments: [username, passwordHash, role.rawValue, date.timeIntervalSince1970])
            guard let row = try Row.fetchOne(db, sql: "SELECT username, role, created_at FROM notify_operator WHERE username = ?",
                                             arguments: [username]) else {
                throw StoreError.corrupt("the operator \"\(username)\" was not stored")
            }
            return try Self.notifyOperator(row)
        }
    }

    public func operators() async throws -> [NotifyOperator] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT username, role, created_at FROM notify_operator ORDER BY username")
                .map(Self.notifyOperator)
        }
    }

    public func operatorCredentials(_ username: String) async throws -> OperatorCredentials? {
        try await pool.read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT username, role, created_at, password_hash FROM notify_operator WHERE username = ?
                """, arguments: [username]) else { return nil }
            return OperatorCredentials(operator: try Self.notifyOperator(row), passwordHash: row["password_hash"])
        }
    }

    public func deleteOperator(_ username: String) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM notify_console_session WHERE username = ?", arguments: [username])
            try db.execute(sql: "DELETE FROM notify_operator WHERE username = ?", arguments: [username])
            return db.changesCount > 0
        }
    }

    public func insertConsoleSession(_ session: ConsoleSession) async throws {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM notify_console_session WHERE expires_at < ?",
                           arguments: [session.createdAt.timeIntervalSince1970])
            try db.execute(sql: """
                INSERT INTO notify_console_session (digest, username, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)
                """, arguments: [session.digest, session.username, session.csrfToken, session.createdAt.timeIntervalSince1970,
                                 session.expiresAt.timeIntervalSince1970])
        }
    }

    public func consoleSession(digest: String) async throws -> ConsoleSession? {
        try await pool.read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT s.digest, s.username, o.role, s.csrf_token, s.created_at, s.expires_at
                FROM notify_console_session s JOIN notify_operator o ON o.username = s.username WHERE s.digest = ?
                """, arguments: [digest]) else { return nil }
            return ConsoleSession(digest: row["digest"], username: row["username"], role: try Self.operatorRole(row["role"]),
                                  csrfToken: row["csrf_token"], createdAt: Date(timeIntervalSince1970: row["created_at"]),
                                  expiresAt: Date(timeIntervalSince1970: row["expires_at"]))
        }
    }

    public func extendConsoleSession(digest: String, until date: Date) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE notify_console_session SET expires_at = ? WHERE digest = ?",
                           arguments: [date.timeIntervalSince1970, digest])
        }
    }

    public func deleteConsoleSession(digest: String) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM notify_console_session WHERE digest = ?", arguments: [digest])
            return db.changesCount > 0
        }
    }

    public func signInFailures(_ key: String) async throws -> SignInFailures? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT count, last_failure_at FROM notify_sign_in_failure WHERE key = ?", arguments: [key])
                .map { SignInFailures(count: $0["count"], lastFailureAt: Date(timeIntervalSince1970: $0["last_failure_at"])) }
        }
    }

    public func recordSignInFailure(_ key: String, at date: Date, restartBefore: Date) async throws -> SignInFailures {
        try await pool.write { db in
            try db.execute(sql: """
                INSERT INTO notify_sign_in_failure (key, count, last_failure_at) VALUES (?, 1, ?)
                ON CONFLICT(key) DO UPDATE SET
                    count = CASE WHEN last_failure_at < ? THEN 1 ELSE count + 1 END,
                    last_failure_at = excluded.last_failure_at
                """, arguments: [key, date.timeIntervalSince1970, restartBefore.timeIntervalSince1970])
            let count = try Int.fetchOne(db, sql: "SELECT count FROM notify_sign_in_failure WHERE key = ?", arguments: [key]) ?? 1
            return SignInFailures(count: count, lastFailureAt: date)
        }
    }

    public func clearSignInFailures(_ key: String) async throws {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM notify_sign_in_failure WHERE key = ?", arguments: [key])
        }
    }

    static func notifyOperator(_ row: Row) throws -> NotifyOperator {
        NotifyOperator(username: row["username"], role: try operatorRole(row["role"]),
                       createdAt: Date(timeIntervalSince1970: row["created_at"]))
    }

    static func operatorRole(_ text: String) throws -> OperatorRole {
        guard let role = OperatorRole(rawValue: text) else { throw StoreError.corrupt("unknown operator role \"\(text)\"") }
        return role
    }
}
