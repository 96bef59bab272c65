import Metrics
import Synchronization

/// The delivery engines' swift-metrics instruments, made from the configured factory (never from
/// the global `MetricsSystem`). `lane` is a push provider's name or `webhook`.
///
/// - `xpedite_deliveries_total{provider, state}`: attempts by the state they ended in.
/// - `xpedite_delivery_retries_total{provider}`: attempts that will be tried again.
/// - `xpedite_delivery_request_duration_seconds{provider}`: one attempt, request to answer.
/// - `xpedite_outbox_depth{provider}`: rows waiting (pending).
/// - `xpedite_outbox_oldest_due_seconds{provider}`: how long the oldest due row has waited.
final class DeliveryMetrics: Sendable {
    static let deliveriesLabel = "xpedite_deliveries_total"
    static let retriesLabel = "xpedite_delivery_retries_total"
    static let durationLabel = "xpedite_delivery_request_duration_seconds"
    static let depthLabel = "xpedite_outbox_depth"
    static let oldestDueLabel = "xpedite_outbox_oldest_due_seconds"

    private let factory: any MetricsFactory
    private let counters = Mutex<[String: Counter]>([:])
    private let timers = Mutex<[String: Metrics.Timer]>([:])
    private let gauges = Mutex<[String: Gauge]>([:])

    init(factory: any MetricsFactory) {
        self.factory = factory
    }

    /// The per-attempt instruments of `lane`, looked up once: what an engine records each attempt
    /// with, with no lookup, lock or string per attempt.
    func attempts(of lane: String) -> LaneAttempts {
        var byState: [DeliveryState: Counter] = [:]
        for state in DeliveryState.allCases {
            byState[state] = counter(Self.deliveriesLabel, lane: lane, state: state.rawValue)
        }
        let timer = timers.withLock { timers in
            if let timer = timers[lane] { return timer }
            let timer = Metrics.Timer(label: Self.durationLabel, dimensions: [("provider", lane)], factory: factory)
            timers[lane] = timer
            return timer
        }
        return LaneAttempts(byState: byState, retries: counter(Self.retriesLabel, lane: lane, state: nil), duration: timer)
    }

    /// Records an outbox's depth and the age of its oldest due row.
    func record(lane: String, statistics: OutboxStatistics, ageOfOldestDue: Double) {
        gauge(Self.depthLabel, lane: lane).record(statistics.depth)
        gauge(Self.oldestDueLabel, lane: lane).record(ageOfOldestDue)
    }

    private func counter(_ label: String, lane: String, state: String?) -> Counter {
        let key = "\(label)|\(lane)|\(state ?? "")"
        return counters.withLock { counters in
            if let counter = counters[key] { return counter }
            var dimensions = [("provider", lane)]
            if let state { dimensions.append(("state", state)) }
            let counter = Counter(label: label, dimensions: dimensions, factory: factory)
            counters[key] = counter
            return counter
        }
    }

    private func gauge(_ label: String, lane: String) -> Gauge {
        let key = "\(label)|\(lane)"
        return gauges.withLock { gauges in
            if let gauge = gauges[key] { return gauge }
            let gauge = Gauge(label: label, dimensions: [("provider", lane)], factory: factory)
            gauges[key] = gauge
            return gauge
        }
    }
}

/// One lane's instruments for attempts (``DeliveryMetrics/attempts(of:)``).
struct LaneAttempts: Sendable {
    let byState: [DeliveryState: Counter]
    let retries: Counter
    let duration: Metrics.Timer

    /// Counts one attempt by the state it ended in (a retry counts as `pending` and a retry), and its duration.
    func record(_ state: DeliveryState, nanoseconds: Int64) {
        byState[state]?.increment()
        if state == .pending { retries.increment() }
        duration.recordNanoseconds(nanoseconds)
    }
}
