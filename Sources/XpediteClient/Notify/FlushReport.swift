import XpediteProtocol

/// What ``DeviceClient/flushOutbox()`` did with the outbox.
public struct FlushReport: Sendable, Hashable {
    /// The response objects the server acknowledged (201, or 200 for one it had already stored),
    /// now removed from the outbox.
    public var sent: [JSONValue] = []
    /// The entries the server refused (a 4xx), kept with their error.
    public var refused: [QueuedResponse] = []
    /// Whether the server could not be reached; the entries not tried stay queued.
    public var unreachable = false
    /// How many entries are left in the outbox.
    public var remaining = 0

    /// An empty report.
    public init() {}
}
