/// Webhooks: every response on a topic POSTed, signed, at least once (through the webhook outbox).
extension Notifier {
    /// Adds or replaces a webhook: every response on its topic is POSTed, signed, at least once.
    public func putWebhook(_ webhook: Webhook) async throws {
        try await store.putWebhook(webhook)
    }

    /// Removes a webhook and its pending deliveries.
    @discardableResult
    public func deleteWebhook(named name: String) async throws -> Bool {
        try await store.deleteWebhook(name)
    }
}
