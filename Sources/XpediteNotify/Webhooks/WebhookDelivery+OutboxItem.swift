import Foundation
import Logging

extension WebhookDelivery: OutboxItem {
    /// A webhook delivery never expires: it is retried until a 2xx (at least once).
    public var createdAt: Date? { nil }
    /// The webhook and the delivery id; never the secret or the URL's query.
    public var logMetadata: Logger.Metadata {
        ["webhook": .string(webhook), "delivery": .string(deliveryId)]
    }
}
