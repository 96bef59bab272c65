/// What the simulator sends the browser over the WebSocket: HTML rendered in Swift (the screen
/// or the packet inspector) and the phone's status.
struct ServerMessage: Encodable, Sendable {
    /// `screen` or `packets`.
    var kind: String
    /// The fragment to show, already escaped.
    var html: String
    /// The screen's revision (screen messages).
    var revision: Int?
    /// Identifies the screen shown (a hash of the packet): it changes when a new screen arrives,
    /// not when the same screen is drawn again with new rows, values or images.
    var screen: Int?
    /// Whether the screen came from the cache because the server is unreachable.
    var offline: Bool?
    /// Whether a screen request is in flight.
    var loading: Bool?
    /// The screen title, for the document title.
    var title: String?
}
