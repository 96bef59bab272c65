import Foundation
import XpediteNotify

/// A `NotifyEvent` as ``PostgresEventBus`` sends it with `NOTIFY`: compact JSON naming the
/// sending server and the event's ids, never a row (the store is the truth).
///
/// `{"i":"<instance>","k":"response","c":12,"t":"/a/b/c","u":"joe","m":"<messageId>"}`; the kinds
/// are `response`, `sent`, `withdrawn` (`m`, `r` the reason), `due` (`l` the lanes) and `lost`. A
/// payload PostgreSQL would refuse (8,000 bytes or more: a very long topic or reason) is sent as
/// `lost` instead, so that the other servers re-read what they follow rather than miss it.
struct PostgresEventPayload: Codable, Sendable, Hashable {
    /// The largest payload sent (PostgreSQL refuses a `NOTIFY` payload of 8,000 bytes or more).
    static let maximumSize = 7_900

    /// The sending server's ``PostgresEventBus/instanceID``.
    var instance: String
    var kind: String
    var cursor: Int64?
    var topic: String?
    var username: String?
    var messageId: String?
    var reason: String?
    var lanes: [String]?

    private enum CodingKeys: String, CodingKey {
        case instance = "i", kind = "k", cursor = "c", topic = "t", username = "u", messageId = "m", reason = "r", lanes = "l"
    }

    /// The payload of `event` sent by the server `sender`.
    init(_ event: NotifyEvent, from sender: String) {
        instance = sender
        switch event {
        case .responseStored(let response):
            kind = "response"
            cursor = response.cursor
            topic = response.topic
            username = response.username
            messageId = response.messageId
        case .messageSent(let id):
            kind = "sent"
            messageId = id
        case .messageWithdrawn(let id, let why):
            kind = "withdrawn"
            messageId = id
            reason = why
        case .workDue(let due):
            kind = "due"
            lanes = due
        case .eventsMayBeLost:
            kind = "lost"
        }
    }

    /// A payload read from a notification; `nil` when it is not one.
    init?(text: String) {
        do {
            self = try JSONDecoder().decode(Self.self, from: Data(text.utf8))
        } catch {
            return nil
        }
    }

    /// The JSON sent; `lost` when the event's JSON would be too large to send.
    func text() throws -> String {
        let text = String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
        guard text.utf8.count > Self.maximumSize else { return text }
        return String(decoding: try JSONEncoder().encode(Self(.eventsMayBeLost, from: instance)), as: UTF8.self)
    }

    /// The event; `nil` for an unknown kind or a missing member.
    var event: NotifyEvent? {
        switch kind {
        case "response":
            guard let cursor, let topic, let username else { return nil }
            return .responseStored(ResponseStored(cursor: cursor, topic: topic, username: username, messageId: messageId))
        case "sent":
            return messageId.map { .messageSent(messageId: $0) }
        case "withdrawn":
            guard let messageId, let reason else { return nil }
            return .messageWithdrawn(messageId: messageId, reason: reason)
        case "due":
            return .workDue(lanes: lanes ?? [])
        case "lost":
            return .eventsMayBeLost
        default:
            return nil
        }
    }
}
