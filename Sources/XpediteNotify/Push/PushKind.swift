/// What a push does (docs/push.md#withdrawal-pushes): shows a message, or takes a shown one
/// back from the lock screen.
public enum PushKind: String, Sendable, Hashable, CaseIterable {
    /// The message's push: `{"messageId", "title", "body"}`, an alert.
    case message
    /// A withdrawal: `{"type": "withdrawn", "messageId"}`, silent (APNs background push, FCM data
    /// message, a Web Push the notification app's service worker handles).
    case withdrawal
}
