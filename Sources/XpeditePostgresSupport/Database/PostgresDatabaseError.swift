/// Why a PostgreSQL database cannot be used: a wrong URL, a server that cannot be reached in
/// time, or one that refused the connection. Messages never carry the password.
///
/// A struct rather than an enum, as Hummingbird's errors are, so that new kinds can be added
/// without breaking code that switches over it; compare values with `==`.
public struct PostgresDatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        case invalidURL(String)
        case timedOut(database: String, seconds: Double)
        case cannotConnect(database: String, reason: String)
        case migrationFailed(component: String, version: Int, reason: String)
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// The database URL cannot be read; `reason` says which part is wrong.
    public static func invalidURL(_ reason: String) -> PostgresDatabaseError {
        PostgresDatabaseError(.invalidURL(reason))
    }

    /// No connection was made, or the start-up did not finish, within the time allowed.
    public static func timedOut(database: String, seconds: Double) -> PostgresDatabaseError {
        PostgresDatabaseError(.timedOut(database: database, seconds: seconds))
    }

    /// The server could not be reached or refused the connection (authentication, no such database).
    public static func cannotConnect(database: String, reason: String) -> PostgresDatabaseError {
        PostgresDatabaseError(.cannotConnect(database: database, reason: reason))
    }

    /// A schema migration failed; nothing of it was applied.
    public static func migrationFailed(component: String, version: Int, reason: String) -> PostgresDatabaseError {
        PostgresDatabaseError(.migrationFailed(component: component, version: version, reason: reason))
    }

    public var description: String {
        switch kind {
        case .invalidURL(let reason):
            "invalid database URL: \(reason)"
        case .timedOut(let database, let seconds):
            "cannot connect to \(database): no answer within \(seconds.formatted()) s"
        case .cannotConnect(let database, let reason):
            "cannot connect to \(database): \(reason)"
        case .migrationFailed(let component, let version, let reason):
            "the database schema of \(component) could not be migrated to version \(version): \(reason)"
        }
    }
}
