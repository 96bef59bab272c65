import Foundation

/// One message of `GET /messages` (docs/notify-api.md#get-messages): its header and how many of
/// its recipients answered and of its pushes reached each state, without the lists themselves.
public struct MessageSummary: Sendable, Hashable {
    /// The message's id.
    public var messageId: String
    /// The push's title.
    public var title: String
    /// The push's body.
    public var body: String
    /// When it was sent.
    public var sentAt: Date
    /// `active`, `withdrawn` or `expired`.
    public var state: MessageState
    /// The named payload it was sent by (`nil`: sent with its fields, or before names were kept).
    public var payloadName: String?
    /// When it expires by itself, if ever.
    public var expiresAt: Date?
    /// When it was withdrawn or expired.
    public var withdrawnAt: Date?
    /// How many users received it.
    public var recipients: Int
    /// How many of them answered.
    public var answered: Int
    /// How many of its pushes (not withdrawal pushes) are in each state; a state without any is absent.
    public var deliveries: [DeliveryState: Int]
    /// Where a page ending with this message ends.
    public var cursor: MessageListCursor

    /// Creates a summary.
    public init(messageId: String, title: String, body: String, sentAt: Date, state: MessageState, payloadName: String?,
                expiresAt: Date? = nil, withdrawnAt: Date? = nil, recipients: Int = 0, answered: Int = 0,
                deliveries: [DeliveryState: Int] = [:], cursor: MessageListCursor) {
        self.messageId = messageId
        self.title = title
        self.body = body
        self.sentAt = sentAt
        self.state = state
        self.payloadName = payloadName
        self.expiresAt = expiresAt
        self.withdrawnAt = withdrawnAt
        self.recipients = recipients
        self.answered = answered
        self.deliveries = deliveries
        self.cursor = cursor
    }
}
