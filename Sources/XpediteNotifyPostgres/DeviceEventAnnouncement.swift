import Foundation
import XpeditePostgresSupport

/// What ``PostgresNotifyStore`` announces on ``PostgresNotifyStore/deviceEventChannel`` for the
/// device event streams (`GET /device/events`) of every server: which message was sent, or which
/// user answered which message, never the message itself (the row is the truth).
///
/// On the wire: `message <instance> <messageId>` or `answered <instance> <messageId> <username>`,
/// where `<instance>` is the announcing store's ``PostgresNotifyStore/instanceID`` (message ids
/// are the server's UUIDs, without spaces; the username is the rest of the line).
public enum DeviceEventAnnouncement: Sendable, Hashable {
    /// A message was sent: its recipients' devices hear of it.
    case message(messageId: String)
    /// A device of `username` answered `messageId`: the user's other devices take it off their inbox.
    case answered(messageId: String, username: String)

    /// The largest payload sent (PostgreSQL refuses a `NOTIFY` payload of 8,000 bytes or more).
    public static let maximumPayloadSize = 7_900

    /// The payload announcing this event from the store `instance`.
    public func payload(from instance: String) -> String {
        switch self {
        case .message(let messageId): "message \(instance) \(messageId)"
        case .answered(let messageId, let username): "answered \(instance) \(messageId) \(username)"
        }
    }

    /// Reads a payload: the announcing instance and the event, or `nil` for one that is not an
    /// announcement.
    public static func parse(_ payload: String) -> (instance: String, event: DeviceEventAnnouncement)? {
        let parts = payload.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, !parts[1].isEmpty, !parts[2].isEmpty else { return nil }
        switch parts[0] {
        case "message" where parts.count == 3:
            return (parts[1], .message(messageId: parts[2]))
        case "answered" where parts.count == 4 && !parts[3].isEmpty:
            return (parts[1], .answered(messageId: parts[2], username: parts[3]))
        default:
            return nil
        }
    }
}
