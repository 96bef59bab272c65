/// Which responses an export reads (`GET /responses` with `Accept: text/csv` or
/// `application/x-ndjson`, docs/notify-api.md#exporting-responses). Every member left `nil`
/// matches everything.
public struct ResponseFilter: Sendable, Hashable {
    /// The topic (required).
    public var topic: String
    /// Only the responses to this message.
    public var messageId: String?
    /// Only the responses to messages sent by this named payload's name (the name the message
    /// stored at send time, docs/decisions/0510-the-messages-list-and-the-stored-payload-name.md).
    public var payloadName: String?
    /// Only this user's responses.
    public var username: String?
    /// Only the responses received at or after this timestamp (`receivedAt`, ISO 8601 UTC in
    /// whole seconds, `2026-01-02T03:04:05Z`).
    public var since: String?
    /// Only the responses received before this timestamp (same form as `since`).
    public var until: String?

    /// Creates a filter.
    public init(topic: String, messageId: String? = nil, payloadName: String? = nil, username: String? = nil,
                since: String? = nil, until: String? = nil) {
        self.topic = topic
        self.messageId = messageId
        self.payloadName = payloadName
        self.username = username
        self.since = since
        self.until = until
    }
}
