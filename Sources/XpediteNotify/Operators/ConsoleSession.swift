import Foundation

/// A signed-in console session as the store keeps it: the SHA-256 of its id (the id itself is
/// only in the operator's cookie), its operator, its CSRF token and when it ends. Sessions live in
/// the store, so every server on one database knows them.
public struct ConsoleSession: Sendable, Equatable {
    /// The SHA-256 of the session id, hex.
    public var digest: String
    /// The operator it belongs to.
    public var username: String
    /// The operator's role (read with the session, so a changed role counts at once).
    public var role: OperatorRole
    /// The token every change must carry in `X-CSRF-Token`.
    public var csrfToken: String
    /// When it was made.
    public var createdAt: Date
    /// When it ends unless used (each use moves it on: a sliding expiry).
    public var expiresAt: Date

    /// A session.
    public init(digest: String, username: String, role: OperatorRole, csrfToken: String, createdAt: Date, expiresAt: Date) {
        self.digest = digest
        self.username = username
        self.role = role
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// The failed sign-ins of one key (a username or a client address) since the last success.
public struct SignInFailures: Sendable, Equatable {
    /// How many failed in a row.
    public var count: Int
    /// When the last one failed.
    public var lastFailureAt: Date

    /// A count of failures.
    public init(count: Int, lastFailureAt: Date) {
        self.count = count
        self.lastFailureAt = lastFailureAt
    }
}
