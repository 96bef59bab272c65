import Foundation

/// A person who signs in to the console (`/notify/console/`) with a username, a password (stored
/// bcrypt-hashed, never returned) and a role. Operators are not users: users answer messages on
/// devices, operators run the server's console.
public struct NotifyOperator: Sendable, Equatable {
    /// The name the operator signs in with (1 to 256 characters).
    public var username: String
    /// What the operator may do.
    public var role: OperatorRole
    /// When the operator was first created.
    public var createdAt: Date

    /// An operator.
    public init(username: String, role: OperatorRole, createdAt: Date) {
        self.username = username
        self.role = role
        self.createdAt = createdAt
    }
}

/// An operator with the bcrypt hash of its password, as the store keeps it (for a sign-in only).
public struct OperatorCredentials: Sendable, Equatable {
    /// The operator.
    public var `operator`: NotifyOperator
    /// The bcrypt hash of its password.
    public var passwordHash: String

    /// An operator's credentials.
    public init(operator: NotifyOperator, passwordHash: String) {
        self.operator = `operator`
        self.passwordHash = passwordHash
    }
}
