import Foundation

/// How an outbox retries: exponential backoff with jitter, a `Retry-After` honoured, and for
/// pushes a time after which a delivery is given up (docs/push.md: 1 s to 1 h, 24 h).
public struct DeliveryRetryPolicy: Sendable {
    /// The delay before the first retry.
    public var initialDelay: Duration = .seconds(1)
    /// The longest delay between two attempts.
    public var maximumDelay: Duration = .seconds(3600)
    /// How long after its message a delivery is given up as `failed`; `nil` retries for ever
    /// (webhooks: at least once).
    public var giveUpAfter: Duration? = .seconds(86_400)
    /// How long one attempt may take.
    public var timeout: Duration = .seconds(10)
    /// How long a claimed row stays with the server that claimed it before another may take it
    /// over (a server that died): longer than any attempt.
    public var lease: Duration = .seconds(60)
    /// The longest the engine sleeps when nothing woke it (it also wakes when a retry is due).
    public var pollInterval: Duration = .seconds(5)
    /// How many deliveries are attempted at once; `nil` takes the sender's own number (a push
    /// provider's ``PushProvider/concurrency``).
    public var concurrency: Int?

    /// The push policy: 1 s to 1 h, given up after 24 h.
    public init() {}

    /// The webhook policy: 1 s to 5 min, never given up, 16 at a time.
    public static var webhooks: DeliveryRetryPolicy {
        var policy = DeliveryRetryPolicy()
        policy.maximumDelay = .seconds(300)
        policy.giveUpAfter = nil
        policy.concurrency = 16
        return policy
    }

    /// The delay before attempt `attempt + 1` after `attempt` failures (1, 2, …): the exponential
    /// delay, capped, times a random factor in 0.5…1 ("equal jitter").
    public func delay(afterFailures attempt: Int, random: Double) -> Duration {
        let exponential = min(maximumDelay.seconds, initialDelay.seconds * pow(2, Double(max(0, min(attempt - 1, 40)))))
        let factor = 0.5 + 0.5 * min(max(random, 0), 1)
        return .milliseconds(Int64(exponential * factor * 1000))
    }
}

extension DeliveryRetryPolicy {
    /// The state an attempt's outcome leaves a row in: `delivered`, `gone` and `failed` as they
    /// are; a retry `pending` again after the backoff for its attempt (or the service's
    /// `Retry-After`, when longer), or `failed` when that would pass ``giveUpAfter``.
    ///
    /// - Parameters:
    ///   - outcome: what the attempt came to.
    ///   - item: the row the attempt was for (its attempt count and when it was first queued).
    ///   - date: the time of the attempt, from which the next one is scheduled.
    ///   - random: the jitter's draw in 0…1.
    public func result<Item: OutboxItem>(of outcome: DeliveryOutcome, for item: Item, at date: Date,
                                         random: Double = .random(in: 0...1)) -> OutboxResult<Item> {
        switch outcome {
        case .delivered:
            return OutboxResult(item: item, state: .delivered, nextAttemptAt: nil, error: nil, at: date)
        case .gone(let reason):
            return OutboxResult(item: item, state: .gone, nextAttemptAt: nil, error: reason, at: date)
        case .failed(let reason):
            return OutboxResult(item: item, state: .failed, nextAttemptAt: nil, error: reason, at: date)
        case .retry(let reason, let after):
            var wait = delay(afterFailures: item.attempts + 1, random: random)
            if let after, after > wait { wait = after }
            let next = date.addingTimeInterval(wait.seconds)
            if let giveUpAfter, let created = item.createdAt, next.timeIntervalSince(created) > giveUpAfter.seconds {
                return OutboxResult(item: item, state: .failed, nextAttemptAt: nil,
                                    error: "given up after \(Int(giveUpAfter.seconds / 3600)) h: \(reason)", at: date)
            }
            return OutboxResult(item: item, state: .pending, nextAttemptAt: next, error: reason, at: date)
        }
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
