import Foundation

/// What happened on a notification server, as the event bus (``NotifyEventBus``) carries it to
/// every server on the same store: small facts (ids, a cursor), never the rows themselves. A
/// subscriber reads what it needs from the store, which stays the truth.
public enum NotifyEvent: Sendable, Hashable {
    /// A response was stored (``ResponseStored``): its topic's subscribers (Swift and
    /// `GET /events`) get it, the user's other devices hear it was answered, and the webhook
    /// outbox has work.
    case responseStored(ResponseStored)
    /// A message was sent: its recipients' device event streams (`GET /device/events`) hear of it.
    case messageSent(messageId: String)
    /// A message was withdrawn, with the reason given.
    case messageWithdrawn(messageId: String, reason: String)
    /// Deliveries were queued on these lanes (push provider names, `webhook`); an empty list means
    /// every lane. The delivery engines of every server wake and claim.
    case workDue(lanes: [String])
    /// The bus may have lost events (its connection to the database was down, or an event was
    /// too large to carry): a subscriber re-reads what it follows from its last cursor and the
    /// delivery engines claim.
    case eventsMayBeLost
}

/// A response just stored, as ``NotifyEvent/responseStored(_:)`` announces it.
public struct ResponseStored: Sendable, Hashable, Codable {
    /// The response's cursor (responses of one topic are stored in cursor order).
    public var cursor: Int64
    /// Its topic.
    public var topic: String
    /// Who answered.
    public var username: String
    /// The message answered, when it answers one (not a start request).
    public var messageId: String?

    /// Creates the announcement of a stored response.
    public init(cursor: Int64, topic: String, username: String, messageId: String?) {
        self.cursor = cursor
        self.topic = topic
        self.username = username
        self.messageId = messageId
    }
}
