import XpediteProtocol

/// One unanswered message in the device's inbox (`GET /device/inbox`,
/// docs/notify-api.md#device-routes).
public struct InboxEntry: Sendable, Hashable {
    /// The message's id, for ``DeviceClient/message(_:)``.
    public var messageId: String
    /// The push's title.
    public var title: String
    /// The push's body.
    public var body: String
    /// When it was sent, ISO 8601 UTC.
    public var sentAt: String
    /// The payload's `responseTopic`.
    public var responseTopic: String

    /// Creates an entry.
    public init(messageId: String, title: String, body: String, sentAt: String, responseTopic: String) {
        self.messageId = messageId
        self.title = title
        self.body = body
        self.sentAt = sentAt
        self.responseTopic = responseTopic
    }

    /// Reads an entry of the inbox's `messages`; `nil` without a `messageId`.
    init?(json value: JSONValue) {
        guard let messageId = value["messageId"]?.stringValue else { return nil }
        self.init(messageId: messageId, title: value["title"]?.stringValue ?? "", body: value["body"]?.stringValue ?? "",
                  sentAt: value["sentAt"]?.stringValue ?? "", responseTopic: value["responseTopic"]?.stringValue ?? "")
    }

    /// The JSON the API gave.
    public var json: JSONValue {
        ["messageId": .string(messageId), "title": .string(title), "body": .string(body), "sentAt": .string(sentAt),
         "responseTopic": .string(responseTopic)]
    }
}
