import XpediteProtocol

/// What a push carries (docs/push.md#how-a-send-becomes-pushes): a hint; the inbox is the truth.
public struct Push: Sendable, Hashable {
    /// The message.
    public var messageId: String
    /// Its title.
    public var title: String
    /// Its body.
    public var body: String
    /// The payload, only when `direct` was asked (a provider drops it when the whole push does not
    /// fit its limit: ``fitted(to:)``).
    public var payload: Payload?
    /// A message's push, or a withdrawal (docs/push.md#withdrawal-pushes).
    public var kind: PushKind

    /// Creates a push.
    public init(messageId: String, title: String, body: String, payload: Payload? = nil, kind: PushKind = .message) {
        self.kind = kind
        self.messageId = messageId
        self.title = title
        self.body = body
        self.payload = payload
    }

    /// A withdrawal push of `messageId`: no title, body or payload.
    public static func withdrawal(of messageId: String) -> Push {
        Push(messageId: messageId, title: "", body: "", kind: .withdrawal)
    }

    /// `{"messageId", "title", "body", "payload"?}`; a withdrawal is `{"type": "withdrawn", "messageId"}`.
    public var json: JSONValue {
        if kind == .withdrawal { return ["type": "withdrawn", "messageId": .string(messageId)] }
        var members: [String: JSONValue] = ["messageId": .string(messageId), "title": .string(title), "body": .string(body)]
        if let payload { members["payload"] = payload.json }
        return .object(JSONObject(members))
    }

    /// The size of the push as canonical JSON, in bytes.
    public var size: Int { CanonicalJSON.data(json).count }

    /// The push itself when it fits `limit` bytes, otherwise the push without its payload.
    public func fitted(to limit: Int) -> Push {
        guard payload != nil, size > limit else { return self }
        var hint = self
        hint.payload = nil
        return hint
    }
}
