extension Session {
    /// The session key the current user is stored under.
    static let currentUserName = "xpedite.user"

    /// Signs `user` in: stores it as the session's current user, your own `Codable` type (an id,
    /// a name, a role — keep it small). ``XpediteGuard/signedIn(as:otherwise:)`` lets the
    /// session through from now on.
    ///
    /// - Throws: `EncodingError` when the user cannot be encoded.
    public func signIn<User: Codable & Sendable>(_ user: User) throws {
        try set(user, for: SessionKey<User>(Session.currentUserName))
    }

    /// The current user, decoded as `User`; `nil` when nobody is signed in.
    ///
    /// - Throws: `DecodingError` when the stored user is not a `User` (the type changed).
    public func currentUser<User: Codable & Sendable>(as type: User.Type = User.self) throws -> User? {
        try value(for: SessionKey<User>(Session.currentUserName))
    }

    /// Signs the current user out; the session (its token and other values) stays.
    public func signOut() {
        removeValue(for: SessionKey<SignedOut>(Session.currentUserName))
    }

    /// The key type of ``signOut()``, which removes whatever user is stored.
    private struct SignedOut: Codable, Sendable {}
}

extension XpediteCall {
    /// The session's current user, decoded as `User` (``Session/currentUser(as:)``).
    public func currentUser<User: Codable & Sendable>(as type: User.Type = User.self) throws -> User? {
        try session.currentUser(as: type)
    }
}
