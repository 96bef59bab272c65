/// Why the app's connect handler runs.
public enum ConnectReason: Sendable, Hashable {
    /// The phone sent `setConnection`: the app started (PROTOCOL.md §1.2).
    case setConnection
    /// The phone sent a token the server does not know, or whose session expired: the SDK made a
    /// new session instead of running the method, and the connect handler draws the entry screen
    /// (PROTOCOL.md §1.8) — for example a login screen saying the session expired.
    case sessionExpired
}
