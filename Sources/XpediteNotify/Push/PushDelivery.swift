import Foundation

/// One push to one device, as the delivery engine hands it to a provider.
public struct PushDelivery: Sendable, Hashable {
    /// The delivery's id, a lowercase UUID: APNs' `apns-id`, and what logs name.
    public var deliveryId: String
    /// The push: title, body, message id and, when `direct` was asked, the payload.
    public var push: Push
    /// The device, with its push token.
    public var device: NotifyDevice
    /// Attempts made before this one.
    public var attempts: Int
    /// When the push stops being worth showing (APNs' `apns-expiration`, Web Push's `TTL`).
    public var expiresAt: Date

    /// Creates a delivery.
    public init(deliveryId: String, push: Push, device: NotifyDevice, attempts: Int, expiresAt: Date) {
        self.deliveryId = deliveryId
        self.push = push
        self.device = device
        self.attempts = attempts
        self.expiresAt = expiresAt
    }
}
