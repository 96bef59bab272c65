import Foundation

/// One delivery of a response to a webhook, as the console shows it (`GET /webhooks`).
public struct WebhookDeliveryRecord: Sendable, Hashable {
    /// The `X-Xpedite-Delivery` id.
    public var deliveryId: String
    /// Whether a POST of it got a 2xx.
    public var delivered: Bool
    /// POSTs so far.
    public var attempts: Int
    /// Why the last POST did not deliver it.
    public var lastError: String?
    /// When it was delivered.
    public var deliveredAt: Date?
    /// When it is tried next (not delivered), or was last due.
    public var nextAttemptAt: Date

    /// Creates a record.
    public init(deliveryId: String, delivered: Bool, attempts: Int, lastError: String?, deliveredAt: Date?, nextAttemptAt: Date) {
        self.deliveryId = deliveryId
        self.delivered = delivered
        self.attempts = attempts
        self.lastError = lastError
        self.deliveredAt = deliveredAt
        self.nextAttemptAt = nextAttemptAt
    }
}
