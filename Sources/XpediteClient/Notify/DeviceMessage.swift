import XpediteProtocol

/// A message or a start request opened on the device: its title and body, and the payload to
/// answer (named payloads already resolved by the server). ``form()`` starts answering it.
public struct DeviceMessage: Sendable, Hashable {
    /// What a response answers: a message sent to the user, or a start request they opened.
    public enum Source: Sendable, Hashable {
        /// `GET /device/messages/{messageId}`; the response carries `messageId`.
        case message(String)
        /// `GET /device/requests/{name}`; the response carries `request`.
        case request(String)

        /// The key it is kept under on the device: `message:<id>` or `request:<name>`.
        var storageKey: String {
            switch self {
            case .message(let id): "message:" + id
            case .request(let name): "request:" + name
            }
        }

        /// The member naming it in a response body: `messageId` or `request`, with its value.
        var member: (key: String, value: String) {
            switch self {
            case .message(let id): ("messageId", id)
            case .request(let name): ("request", name)
            }
        }
    }

    /// The message or start request.
    public var source: Source
    /// The title.
    public var title: String
    /// The body.
    public var body: String
    /// When the message was sent (ISO 8601 UTC); `nil` for a start request.
    public var sentAt: String?
    /// The payload: its topic, fields and state.
    public var payload: Payload

    /// Creates a message.
    public init(source: Source, title: String, body: String, sentAt: String? = nil, payload: Payload) {
        self.source = source
        self.title = title
        self.body = body
        self.sentAt = sentAt
        self.payload = payload
    }

    /// Reads a message as ``json`` writes it; `nil` when it is not one.
    init?(json value: JSONValue, source: Source) {
        guard let payloadJSON = value["payload"], let payload = try? Payload(validating: payloadJSON) else {
            return nil    // not a message: the caller treats it as absent
        }
        self.init(source: source, title: value["title"]?.stringValue ?? "", body: value["body"]?.stringValue ?? "",
                  sentAt: value["sentAt"]?.stringValue, payload: payload)
    }

    /// A fresh form over the payload, defaults applied (docs/notify.md#optional-and-default).
    public func form() -> PayloadForm { PayloadForm(source: source, payload: payload) }

    /// The JSON of the message as the API gave it (`payload` canonical), plus `request` for a start request.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["title": .string(title), "body": .string(body), "payload": payload.json]
        members[source.member.key] = .string(source.member.value)
        if let sentAt { members["sentAt"] = .string(sentAt) }
        return .object(JSONObject(members))
    }
}
