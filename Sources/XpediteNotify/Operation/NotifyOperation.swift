import AsyncHTTPClient
import Foundation

/// What the console's Operation section does (docs/notify-api.md#operation): the webhooks
/// (added, removed, and listed with their recent deliveries) and a test POST to one, the outbox
/// retried now, and the sends and answers of each hour. A ``Notifier`` makes one (``Notifier/operation``).
public final class NotifyOperation: Sendable {
    private let store: any NotifyStore
    private let configuration: NotifyConfiguration
    /// The wake-ups of every delivery engine (the push providers' and the webhooks').
    private let wakeups: [DeliveryWakeup]

    init(store: any NotifyStore, configuration: NotifyConfiguration, wakeups: [DeliveryWakeup]) {
        self.store = store
        self.configuration = configuration
        self.wakeups = wakeups
    }

    /// Adds or replaces a webhook: every response on its topic is POSTed, signed, at least once.
    public func putWebhook(_ webhook: Webhook) async throws {
        try await store.putWebhook(webhook)
    }

    /// Removes a webhook and its pending deliveries.
    @discardableResult
    public func deleteWebhook(named name: String) async throws -> Bool {
        try await store.deleteWebhook(name)
    }

    /// Every webhook with its latest `limit` deliveries, newest first.
    public func webhooksWithDeliveries(limit: Int) async throws -> [(webhook: Webhook, deliveries: [WebhookDeliveryRecord])] {
        var answer: [(webhook: Webhook, deliveries: [WebhookDeliveryRecord])] = []
        for webhook in try await store.webhooks() {
            answer.append((webhook, try await store.recentWebhookDeliveries(webhook: webhook.name, limit: limit)))
        }
        return answer
    }

    /// What a test POST to a webhook came to.
    public struct WebhookTest: Sendable, Hashable {
        /// The `X-Xpedite-Delivery` id it carried.
        public var deliveryId: String
        /// Whether the webhook answered 2xx.
        public var delivered: Bool
        /// Why not, when it did not.
        public var error: String?
    }

    /// The body of a test POST: not a response object (no `responseId`), so a receiver can tell.
    struct WebhookTestBody: Encodable {
        var test = true
        var webhook: String
        var topic: String
        var sentAt: String
    }

    /// POSTs a signed test body to the webhook `name` once, now, outside the outbox (it is not
    /// retried and not listed among the deliveries), and says what came of it.
    ///
    /// - Throws: ``NotifyError`` 404 when there is no such webhook.
    public func testWebhook(named name: String) async throws -> WebhookTest {
        guard let webhook = try await store.webhooks().first(where: { $0.name == name }) else {
            throw NotifyError.notFound("no webhook \"\(name)\"")
        }
        let body = try JSONEncoder().encode(WebhookTestBody(webhook: name, topic: webhook.topic, sentAt: configuration.now().formatted(.iso8601)))
        let delivery = WebhookDelivery(key: 0, deliveryId: UUID().uuidString.lowercased(), webhook: name, url: webhook.url,
                                       secret: webhook.secret, body: body, attempts: 0)
        let sender = WebhookSender(client: configuration.httpClient ?? HTTPClient.shared, timeout: configuration.webhookRetry.timeout)
        let outcome = await sender.send(delivery)
        return WebhookTest(deliveryId: delivery.deliveryId, delivered: outcome == .delivered, error: outcome.reason)
    }

    /// Makes the outboxes' waiting rows due now, and pushes that failed within the push retry
    /// window pending again, then wakes every delivery engine.
    public func retryOutbox() async throws -> OutboxRetry {
        let now = configuration.now()
        let window = configuration.pushRetry.giveUpAfter?.seconds ?? PushClaimRules.longestExpiry.seconds
        let retry = try await store.retryOutbox(now: now, failedSince: now.addingTimeInterval(-window))
        for wakeup in wakeups { wakeup.signal() }
        return retry
    }

    /// The sends and answers of each of the last `hours` hours, the current one included, oldest
    /// first, with a zero for an hour with neither.
    public func hourlyActivity(hours: Int) async throws -> [HourlyActivity] {
        let now = configuration.now()
        let currentHour = (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600
        let since = Date(timeIntervalSince1970: currentHour - Double(hours - 1) * 3600)
        let counted = Dictionary(try await store.hourlyActivity(since: since, until: Date(timeIntervalSince1970: currentHour + 3600))
            .map { ($0.hour, $0) }, uniquingKeysWith: { first, _ in first })
        return (0..<hours).map { index in
            let hour = since.addingTimeInterval(Double(index) * 3600)
            return counted[hour] ?? HourlyActivity(hour: hour, sends: 0, answers: 0)
        }
    }
}
