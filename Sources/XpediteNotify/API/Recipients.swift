/// Who a payload is sent to (docs/notify-api.md `to`).
public enum Recipients: Sendable, Hashable {
    /// These users (each must exist).
    case users([String])
    /// The members of these groups (each must exist).
    case groups([String])
    /// Every user.
    case all
}

/// What a send did.
public struct SentMessage: Sendable, Hashable {
    /// The new message's id.
    public var messageId: String
    /// The users it went to, without duplicates.
    public var recipients: [String]
    /// How many deliveries (one per device of each recipient) were recorded.
    public var deliveries: Int

    /// Creates a send's outcome.
    public init(messageId: String, recipients: [String], deliveries: Int) {
        self.messageId = messageId
        self.recipients = recipients
        self.deliveries = deliveries
    }
}
