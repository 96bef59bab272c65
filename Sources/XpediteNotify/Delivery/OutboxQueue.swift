import Foundation
import Logging

/// A row of an outbox, as the engine sees it.
public protocol OutboxItem: Sendable {
    /// The store's key of the row.
    var key: Int64 { get }
    /// Attempts made before this one.
    var attempts: Int { get }
    /// When the thing to deliver was made (a push's message); `nil` when it never expires.
    var createdAt: Date? { get }
    /// What a log line names: the message, the device or webhook, the delivery; never a secret.
    var logMetadata: Logger.Metadata { get }
}

/// What became of a claimed row after one attempt: written back by `OutboxQueue/settle(_:)`.
public struct OutboxResult<Item: OutboxItem>: Sendable {
    /// The row.
    public var item: Item
    /// Its new state: `pending` again (with ``nextAttemptAt``), `delivered`, `gone` or `failed`.
    public var state: DeliveryState
    /// When a `pending` row is due again.
    public var nextAttemptAt: Date?
    /// The service's reason, when not delivered.
    public var error: String?
    /// When the attempt ended.
    public var at: Date

    /// Creates a result.
    public init(item: Item, state: DeliveryState, nextAttemptAt: Date?, error: String?, at: Date) {
        self.item = item
        self.state = state
        self.nextAttemptAt = nextAttemptAt
        self.error = error
        self.at = at
    }
}

/// How full an outbox is: for `/metrics` and `GET /deliveries`.
public struct OutboxStatistics: Sendable, Hashable {
    /// Rows not yet delivered, gone or failed.
    public var depth: Int
    /// When the oldest of them was due; `nil` when none is.
    public var oldestDue: Date?

    /// Creates statistics.
    public init(depth: Int, oldestDue: Date?) {
        self.depth = depth
        self.oldestDue = oldestDue
    }
}

/// One outbox in the store (the pushes of one provider, or the webhooks): claimed, sent and
/// settled by a ``DeliveryEngine``. A claim leases the rows to this server until `leaseUntil`;
/// a settled row is never claimed again unless it is `pending`.
protocol OutboxQueue: Sendable {
    associatedtype Item: OutboxItem
    /// Claims up to `limit` rows due at `now` until `leaseUntil`. Rows that need no attempt (a
    /// push whose recipient answered, whose device logged out or that expired) are settled in
    /// the same transaction and not returned.
    func claim(now: Date, leaseUntil: Date, limit: Int) async throws -> [Item]
    /// Records the outcomes of attempts.
    func settle(_ results: [OutboxResult<Item>]) async throws
    /// When the next row is due (a past date when some are due now), `nil` when none is pending.
    func nextDueDate() async throws -> Date?
    /// How many rows wait, and since when.
    func statistics() async throws -> OutboxStatistics
}

/// Sends one row of an outbox: a push provider, or the webhook POST.
protocol OutboxSender: Sendable {
    associatedtype Item: OutboxItem
    /// How many rows it sends at once when the policy does not say.
    var concurrency: Int { get }
    /// One attempt; every failure is an outcome.
    func send(_ item: Item) async -> DeliveryOutcome
}
