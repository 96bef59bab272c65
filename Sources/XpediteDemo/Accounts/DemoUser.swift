/// The signed-in user, kept in the session as its current user (`Session/signIn(_:)`).
public struct DemoUser: Codable, Sendable, Hashable {
    /// The sign-in name: the username in XpediteNotify's user directory (an email address).
    public var username: String
    /// The name the screens greet.
    public var displayName: String

    /// Creates a user.
    public init(username: String, displayName: String) {
        self.username = username
        self.displayName = displayName
    }
}
