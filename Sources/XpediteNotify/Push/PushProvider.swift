import Foundation
import XpediteProtocol

/// What a push carries (NOTIFY-API.md §4): a hint; the inbox is the truth.
public struct Push: Sendable, Hashable {
    /// The message.
    public var messageId: String
    /// Its title.
    public var title: String
    /// Its body.
    public var body: String
    /// The payload, only when `direct` was asked and the whole push fits the provider's limit.
    public var payload: Payload?

    /// Creates a push.
    public init(messageId: String, title: String, body: String, payload: Payload? = nil) {
        self.messageId = messageId
        self.title = title
        self.body = body
        self.payload = payload
    }

    /// `{"messageId", "title", "body", "payload"?}`.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["messageId": .string(messageId), "title": .string(title), "body": .string(body)]
        if let payload { members["payload"] = payload.json }
        return .object(JSONObject(members))
    }

    /// The size of the push as canonical JSON, in bytes.
    public var size: Int { CanonicalJSON.data(json).count }
}

/// Delivers pushes to devices of one kind (APNs, FCM, a log, a test double).
public protocol PushProvider: Sendable {
    /// The provider's name, recorded with each delivery (`log`, `apns`, `fcm`, `test`).
    var name: String { get }
    /// The largest push it carries, in bytes (2 KB by default).
    var maximumPushSize: Int { get }
    /// Delivers one push to one device; throws when the provider refused it.
    func deliver(_ push: Push, to device: NotifyDevice) async throws
}

extension PushProvider {
    /// 2 KB.
    public var maximumPushSize: Int { 2048 }
}
