import Foundation

/// A due row of a push outbox as a store read it: the facts ``PushClaimRules`` decide on.
public struct DuePush: Sendable, Hashable {
    /// The store's key of the delivery.
    public var key: Int64
    /// The delivery's id.
    public var deliveryId: String
    /// The message the push is for.
    public var messageId: String
    /// Attempts made before this one.
    public var attempts: Int
    /// When the message was sent.
    public var sentAt: Date
    /// Whether the recipient answered the message already.
    public var answered: Bool
    /// The device, `nil` when it logged out.
    public var device: NotifyDevice?
    /// The message's push, or a withdrawal push.
    public var kind: PushKind
    /// Whether the message was withdrawn or expired (its own pushes are dropped then).
    public var withdrawn: Bool

    /// A due row.
    public init(key: Int64, deliveryId: String, messageId: String, attempts: Int, sentAt: Date, answered: Bool,
                device: NotifyDevice?, kind: PushKind = .message, withdrawn: Bool = false) {
        self.kind = kind
        self.withdrawn = withdrawn
        self.key = key
        self.deliveryId = deliveryId
        self.messageId = messageId
        self.attempts = attempts
        self.sentAt = sentAt
        self.answered = answered
        self.device = device
    }
}
