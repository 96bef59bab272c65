import Foundation

/// What a console sign-in came to (``Notifier/signIn(username:password:clientAddress:)``).
public enum ConsoleSignIn: Sendable {
    /// Signed in: the session id for the cookie (only ever here, the store keeps its digest) and
    /// the session.
    case signedIn(sessionId: String, session: ConsoleSession)
    /// A wrong password or an unknown username (the two are not told apart).
    case refused
    /// Too many failures for the username or the client address: try again after `retryAfter`
    /// seconds (the password was not checked).
    case throttled(retryAfter: Int)
}
