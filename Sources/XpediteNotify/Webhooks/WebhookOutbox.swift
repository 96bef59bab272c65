import Foundation

/// The webhook outbox in the store, as a ``DeliveryEngine`` claims and settles it.
struct WebhookOutbox: OutboxQueue {
    let store: any DeliveryStore

    func claim(now: Date, leaseUntil: Date, limit: Int) async throws -> [WebhookDelivery] {
        try await store.claimWebhookDeliveries(now: now, leaseUntil: leaseUntil, limit: limit)
    }

    func settle(_ results: [OutboxResult<WebhookDelivery>]) async throws {
        try await store.settleWebhookDeliveries(results)
    }

    func nextDueDate() async throws -> Date? {
        try await store.nextWebhookDueDate()
    }

    func statistics() async throws -> OutboxStatistics {
        try await store.webhookOutboxStatistics()
    }
}
