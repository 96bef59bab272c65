import Metrics
import Synchronization

/// The SDK's swift-metrics instruments, made from the factory in the configuration (never from
/// the global `MetricsSystem`).
///
/// - `xpedite_requests_total{method, outcome}`: every request, by outcome.
/// - `xpedite_request_duration_seconds{method}`: time from the body's arrival to the answer.
/// - `xpedite_sessions_created_total{reason}`: sessions made by `setConnection` or renewal.
///
/// The `method` label only takes registered method names (plus `setConnection`); anything else
/// counts as `_unregistered` or `_invalid`, so a client cannot blow up the label set.
final class XpediteMetrics: Sendable {
    /// How a request ended.
    enum Outcome: String, Sendable {
        /// A screen or table page was sent.
        case ok
        /// A handler threw `XpediteError` or `FormError`: the phone shows its message.
        case rejected
        /// A handler failed, or its screen broke the protocol: the phone got the generic message.
        case failed
        /// The body was not a valid request.
        case invalid
        /// The method is not registered.
        case unregistered
        /// The token was unknown or expired: a new session and the entry screen.
        case renewed
    }

    static let requestsLabel = "xpedite_requests_total"
    static let durationLabel = "xpedite_request_duration_seconds"
    static let sessionsLabel = "xpedite_sessions_created_total"

    private let factory: any MetricsFactory
    /// Request counters by method and outcome, looked up without building a key string.
    private let requestCounters = Mutex<[RequestKey: Counter]>([:])
    private let counters = Mutex<[String: Counter]>([:])

    private struct RequestKey: Hashable {
        var method: String
        var outcome: Outcome
    }
    private let timers = Mutex<[String: Metrics.Timer]>([:])

    init(factory: any MetricsFactory) {
        self.factory = factory
    }

    /// Counts one request and records its latency.
    func record(method: String, outcome: Outcome, nanoseconds: Int64) {
        let key = RequestKey(method: method, outcome: outcome)
        let counter = requestCounters.withLock { counters in
            if let counter = counters[key] { return counter }
            let counter = Counter(label: Self.requestsLabel, dimensions: [("method", method), ("outcome", outcome.rawValue)],
                                  factory: factory)
            counters[key] = counter
            return counter
        }
        counter.increment()
        let timer = timers.withLock { timers in
            if let timer = timers[method] { return timer }
            let timer = Metrics.Timer(label: Self.durationLabel, dimensions: [("method", method)], factory: factory)
            timers[method] = timer
            return timer
        }
        timer.recordNanoseconds(nanoseconds)
    }

    /// Counts a new session.
    func sessionCreated(reason: ConnectReason) {
        let name = reason == .setConnection ? "setConnection" : "renewal"
        counter(Self.sessionsLabel, [("reason", name)]).increment()
    }

    private func counter(_ label: String, _ dimensions: [(String, String)]) -> Counter {
        let key = ([label] + dimensions.map { "\($0.0)=\($0.1)" }).joined(separator: "|")
        return counters.withLock { counters in
            if let counter = counters[key] { return counter }
            let counter = Counter(label: label, dimensions: dimensions, factory: factory)
            counters[key] = counter
            return counter
        }
    }
}
