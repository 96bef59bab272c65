/// Who may sign in to the demo: a small user store behind a protocol, so it can be swapped.
///
/// ``DatabaseAccounts`` keeps users in the demo's SQLite database with bcrypt password hashes.
/// Issue 11 replaces it with XpediteNotify's user directory; the screens only see this protocol
/// and ``DemoUser``.
public protocol DemoAccounts: Sendable {
    /// The user whose `username` and `password` match, or `nil`. Usernames compare
    /// case-insensitively; the password never leaves this call and is never logged.
    func authenticate(username: String, password: String) async throws -> DemoUser?

    /// Creates the account, or replaces its display name and password.
    func register(username: String, displayName: String, password: String) async throws

    /// Whether an account with this username exists.
    func contains(username: String) async throws -> Bool
}

/// The signed-in user, kept in the session as its current user (``XpediteServer/Session/signIn(_:)``).
public struct DemoUser: Codable, Sendable, Hashable {
    /// The sign-in name (an email address), lowercased.
    public var username: String
    /// The name the screens greet.
    public var displayName: String

    /// Creates a user.
    public init(username: String, displayName: String) {
        self.username = username
        self.displayName = displayName
    }
}

/// The account the demo creates and shows on its sign-in screen.
public enum DemoAccount {
    /// The sign-in name.
    public static let username = "demo@xpedite.dev"
    /// The password, shown on the sign-in screen on purpose: this is a demo.
    public static let password = "demo1234"
    /// The display name.
    public static let displayName = "Demo User"
}
