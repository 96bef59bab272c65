import Foundation

/// What `GET /device/events` tells a user's devices (docs/notify-api.md#device-routes): a hint,
/// like a push; the inbox stays the truth.
enum DeviceEvent: Sendable {
    /// A message to the user was sent: `{"messageId", "title", "body", "sentAt", "responseTopic"}`.
    case message(NotifyMessage)
    /// A device of the user answered a message: `{"messageId"}`.
    case answered(messageId: String)
    /// A message to the user was withdrawn or expired: `{"messageId", "reason"}`.
    case withdrawn(messageId: String, reason: String)
}
