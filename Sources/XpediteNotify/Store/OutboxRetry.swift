/// What ``OperationStore/retryOutbox(now:failedSince:)`` made due (`POST /outbox/retry`).
public struct OutboxRetry: Sendable, Hashable {
    /// Pushes made due now (waiting ones and failed ones made pending).
    public var pushes: Int
    /// Webhook deliveries made due now.
    public var webhooks: Int

    /// Creates the counts.
    public init(pushes: Int, webhooks: Int) {
        self.pushes = pushes
        self.webhooks = webhooks
    }
}
