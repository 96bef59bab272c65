import Foundation
import Logging

/// A row of the push outbox claimed by a delivery engine: the push to make and its message's
/// send time (after which it is given up, docs/push.md).
public struct ClaimedPush: OutboxItem, Hashable {
    /// The store's key of the delivery.
    public var key: Int64
    /// What the provider sends.
    public var delivery: PushDelivery
    /// When its message was sent.
    public var sentAt: Date

    /// Creates a claimed push.
    public init(key: Int64, delivery: PushDelivery, sentAt: Date) {
        self.key = key
        self.delivery = delivery
        self.sentAt = sentAt
    }

    /// Attempts made before this one.
    public var attempts: Int { delivery.attempts }
    /// The message's send time.
    public var createdAt: Date? { sentAt }
    /// The message, the delivery, the user and the device; never the push token.
    public var logMetadata: Logger.Metadata {
        ["messageId": .string(delivery.push.messageId), "delivery": .string(delivery.deliveryId),
         "username": .string(delivery.device.username), "deviceId": .string(delivery.device.deviceId)]
    }
}
