import Foundation
import PostgresNIO
import XpediteNotify
import XpeditePostgresSupport

extension PostgresNotifyStore {
    public func putOperator(username: String, passwordHash: String, role: OperatorRole, at date: Date) async throws -> NotifyOperator {
        let rows = try await fetch("""
            INSERT INTO notify_operator (username, password_hash, role, created_at)
            VALUES (\(username), \(passwordHash), \(role.rawValue), \(date.timeIntervalSince1970))
            ON CONFLICT (username) DO UPDATE SET password_hash = EXCLUDED.password_hash, role = EXCLUDED.role
            RETURNING username, role, created_at
            """)
        guard let row = rows.first else { throw StoreError.corrupt("the operator \"\(username)\" was not stored") }
        return try Self.notifyOperator(row)
    }

    public func operators() async throws -> [NotifyOperator] {
        try await fetch("SELECT username, role, created_at FROM notify_operator ORDER BY username COLLATE \"C\"")
            .map(Self.notifyOperator)
    }

    public func operatorCredentials(_ username: String) async throws -> OperatorCredentials? {
        guard let row = try await fetch("""
            SELECT username, role, created_at, password_hash FROM notify_operator WHERE username = \(username)
            """).first else { return nil }
        return OperatorCredentials(operator: try Self.notifyOperator(row), passwordHash: try row["password_hash"].decode(String.self))
    }

    public func deleteOperator(_ username: String) async throws -> Bool {
        // The sessions go with it (ON DELETE CASCADE).
        try await changes("DELETE FROM notify_operator WHERE username = \(username) RETURNING 1") > 0
    }

    public func insertConsoleSession(_ session: ConsoleSession) async throws {
        try await client.query("DELETE FROM notify_console_session WHERE expires_at < \(session.createdAt.timeIntervalSince1970)",
                               logger: logger)
        try await client.query("""
            INSERT INTO notify_console_session (digest, username, csrf_token, created_at, expires_at)
            VALUES (\(session.digest), \(session.username), \(session.csrfToken), \(session.createdAt.timeIntervalSince1970),
                    \(session.expiresAt.timeIntervalSince1970))
            """, logger: logger)
    }

    public func consoleSession(digest: String) async throws -> ConsoleSession? {
        guard let row = try await fetch("""
            SELECT s.digest, s.username, o.role, s.csrf_token, s.created_at, s.expires_at
            FROM notify_console_session s JOIN notify_operator o ON o.username = s.username WHERE s.digest = \(digest)
            """).first else { return nil }
        return ConsoleSession(digest: try row["digest"].decode(String.self), username: try row["username"].decode(String.self),
                              role: try Self.operatorRole(try row["role"].decode(String.self)),
                              csrfToken: try row["csrf_token"].decode(String.self),
                              createdAt: Date(timeIntervalSince1970: try row["created_at"].decode(Double.self)),
                              expiresAt: Date(timeIntervalSince1970: try row["expires_at"].decode(Double.self)))
    }

    public func extendConsoleSession(digest: String, until date: Date) async throws {
        try await client.query("UPDATE notify_console_session SET expires_at = \(date.timeIntervalSince1970) WHERE digest = \(digest)",
                               logger: logger)
    }

    public func deleteConsoleSession(digest: String) async throws -> Bool {
        try await changes("DELETE FROM notify_console_session WHERE digest = \(digest) RETURNING 1") > 0
    }

    public func signInFailures(_ key: String) async throws -> SignInFailures? {
        try await fetch("SELECT count, last_failure_at FROM notify_sign_in_failure WHERE key = \(key)").first.map(Self.failures)
    }

    public func recordSignInFailure(_ key: String, at date: Date, restartBefore: Date) async throws -> SignInFailures {
        // One statement: failures counted at once on several servers all count.
        let rows = try await fetch("""
            INSERT INTO notify_sign_in_failure AS f (key, count, last_failure_at) VALUES (\(key), 1, \(date.timeIntervalSince1970))
            ON CONFLICT (key) DO UPDATE SET
                count = CASE WHEN f.last_failure_at < \(restartBefore.timeIntervalSince1970) THEN 1 ELSE f.count + 1 END,
                last_failure_at = EXCLUDED.last_failure_at
            RETURNING count, last_failure_at
            """)
        guard let row = rows.first else { throw StoreError.corrupt("the failed sign-in of \"\(key)\" was not stored") }
        return try Self.failures(row)
    }

    public func clearSignInFailures(_ key: String) async throws {
        try await client.query("DELETE FROM notify_sign_in_failure WHERE key = \(key)", logger: logger)
    }

    static func notifyOperator(_ row: PostgresRandomAccessRow) throws -> NotifyOperator {
        NotifyOperator(username: try row["username"].decode(String.self), role: try operatorRole(try row["role"].decode(String.self)),
                       createdAt: Date(timeIntervalSince1970: try row["created_at"].decode(Double.self)))
    }

    static func failures(_ row: PostgresRandomAccessRow) throws -> SignInFailures {
        SignInFailures(count: Int(try row["count"].decode(Int32.self)),
                       lastFailureAt: Date(timeIntervalSince1970: try row["last_failure_at"].decode(Double.self)))
    }

    static func operatorRole(_ text: String) throws -> OperatorRole {
        guard let role = OperatorRole(rawValue: text) else { throw StoreError.corrupt("unknown operator role \"\(text)\"") }
        return role
    }
}
