/// Why the app's connect handler runs.
public enum ConnectReason: Sendable, Hashable {
    /// The phone sent `setConnection`: the app started
    /// (docs/protocol/packets.md#1-the-first-packet-setconnection).
    case setConnection
    /// The phone sent a token the server does not know, or whose session expired: the SDK made a
    /// new session instead of running the method, and the connect handler draws the entry screen
    /// (docs/protocol/packets.md#tokens-and-sessions) — for example a login screen saying the
    /// session expired.
    case sessionExpired
}
