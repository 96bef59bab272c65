import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// Delivers one outbox (the pushes of one provider, or the webhooks): a ServiceLifecycle
/// `Service` that claims due rows, sends them concurrently (at most the policy's or the sender's
/// ``OutboxSender/concurrency`` at a time), and settles each as `delivered`, `gone`, `failed` or
/// `pending` with its next attempt time (exponential backoff with jitter, `Retry-After`
/// honoured). Rows live in the database and are leased while claimed, so a restart or a
/// `kill -9` loses none, and a row settled `delivered` is never claimed again.
///
/// It sleeps until ``DeliveryWakeup/signal()`` (rows were committed), the next retry is due, or
/// the poll interval passes. On a graceful shutdown it stops claiming, finishes the attempts
/// under way and records them.
struct DeliveryEngine<Queue: OutboxQueue, Sender: OutboxSender>: Service where Queue.Item == Sender.Item {
    typealias Item = Queue.Item

    /// The provider's name, or `webhook`: what metrics and logs call this outbox.
    let lane: String
    let queue: Queue
    let sender: Sender
    let policy: DeliveryRetryPolicy
    let wakeup: DeliveryWakeup
    let metrics: DeliveryMetrics
    let logger: Logger
    let now: @Sendable () -> Date

    /// Results are written in batches of this size (or when the engine idles).
    private static var settleBatch: Int { 256 }
    /// How often the outbox's depth is read for the gauges.
    private static var statisticsInterval: Duration { .seconds(5) }

    /// Delivers until a graceful shutdown or cancellation.
    func run() async throws {
        let stopping = StopFlag()
        await withGracefulShutdownHandler {
            await deliver(stopping: stopping)
        } onGracefulShutdown: {
            stopping.stop()
            wakeup.signal()
        }
    }

    private var concurrency: Int { max(1, policy.concurrency ?? sender.concurrency) }

    private func deliver(stopping: StopFlag) async {
        let limit = concurrency
        let instruments = metrics.attempts(of: lane)
        var backlog: [Item] = []
        var results: [OutboxResult<Item>] = []
        var inFlight = 0
        var mayHaveMore = true
        var statisticsDue = ContinuousClock.now
        await withTaskGroup(of: OutboxResult<Item>.self) { group in
            while true {
                let stop = stopping.isStopped || Task.isCancelled
                if stop { backlog.removeAll() }    // claimed but not started: their lease runs out
                while inFlight < limit, let item = backlog.popLast() {
                    group.addTask { await attempt(item, instruments: instruments) }
                    inFlight += 1
                }
                // Claim more once half the slots are free, so claims come in batches.
                if !stop, backlog.isEmpty, inFlight <= limit / 2, mayHaveMore || wakeup.consume() {
                    await settle(&results)
                    let room = limit - inFlight
                    let claimed = await claim(room)
                    mayHaveMore = claimed.count == room
                    if !claimed.isEmpty {
                        backlog = claimed.reversed()
                        continue
                    }
                }
                if !stop, ContinuousClock.now >= statisticsDue {    // busy or idle: the gauges stay fresh
                    await recordStatistics()
                    statisticsDue = ContinuousClock.now.advanced(by: Self.statisticsInterval)
                }
                if inFlight == 0 {
                    await settle(&results)
                    if stop { return }
                    await wakeup.wait(upTo: await idleWait())
                    mayHaveMore = true
                    continue
                }
                if let result = await group.next() {
                    inFlight -= 1
                    results.append(result)
                    if results.count >= Self.settleBatch { await settle(&results) }
                }
            }
        }
    }

    /// Claims up to `limit` due rows; none when the store fails (logged).
    private func claim(_ limit: Int) async -> [Item] {
        let date = now()
        do {
            return try await queue.claim(now: date, leaseUntil: date.addingTimeInterval(policy.lease.seconds), limit: limit)
        } catch {
            if !Task.isCancelled {
                logger.error("outbox unreadable", metadata: ["provider": .string(lane), "error": "\(error)"])
            }
            return []
        }
    }

    /// Writes the results gathered so far; kept for the next try when the store fails (the rows
    /// stay leased meanwhile, and are attempted again only if the lease runs out: at least once).
    /// The write is not cancelled with the engine: attempts made are recorded on the way out.
    private func settle(_ results: inout [OutboxResult<Item>]) async {
        guard !results.isEmpty else { return }
        let batch = results
        do {
            try await Task { try await queue.settle(batch) }.value
            results.removeAll(keepingCapacity: true)
        } catch {
            logger.error("delivery outcomes not recorded", metadata: [
                "provider": .string(lane), "count": .stringConvertible(results.count), "error": "\(error)",
            ])
        }
    }

    /// How long to sleep when idle: until the next retry is due, at most the poll interval.
    private func idleWait() async -> Duration {
        do {
            guard let next = try await queue.nextDueDate() else { return policy.pollInterval }
            let seconds = next.timeIntervalSince(now())
            if seconds <= 0 { return .milliseconds(1) }
            return min(policy.pollInterval, .milliseconds(Int64(seconds * 1000) + 1))
        } catch {
            if !Task.isCancelled { logger.error("outbox unreadable", metadata: ["provider": .string(lane), "error": "\(error)"]) }
            return policy.pollInterval
        }
    }

    private func recordStatistics() async {
        do {
            let statistics = try await queue.statistics()
            let age = statistics.oldestDue.map { max(0, now().timeIntervalSince($0)) } ?? 0
            metrics.record(lane: lane, statistics: statistics, ageOfOldestDue: age)
        } catch {
            if !Task.isCancelled { logger.error("outbox unreadable", metadata: ["provider": .string(lane), "error": "\(error)"]) }
        }
    }

    /// One attempt at one row, and what it comes to.
    private func attempt(_ item: Item, instruments: LaneAttempts) async -> OutboxResult<Item> {
        let start = ContinuousClock.now
        let outcome = await sender.send(item)
        let elapsed = ContinuousClock.now - start
        let result = policy.result(of: outcome, for: item, at: now())
        instruments.record(result.state,
                           nanoseconds: elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
        log(result)
        return result
    }

    /// One line per attempt; its metadata is built only when the line is written (a delivered
    /// push's line is `debug`, off in production: no dictionary per push then).
    private func log(_ result: OutboxResult<Item>) {
        func metadata() -> Logger.Metadata {
            var metadata = result.item.logMetadata
            metadata["provider"] = .string(lane)
            metadata["attempt"] = .stringConvertible(result.item.attempts + 1)
            if let error = result.error { metadata["error"] = .string(error) }
            if result.state == .pending, let next = result.nextAttemptAt {
                metadata["retryIn"] = .stringConvertible(Int(next.timeIntervalSince(result.at)))
            }
            return metadata
        }
        switch result.state {
        case .delivered:
            logger.debug("delivered", metadata: metadata())
        case .pending:
            logger.notice("delivery will be retried", metadata: metadata())
        case .gone:
            logger.notice("push target gone", metadata: metadata())
        case .failed:
            logger.warning("delivery failed", metadata: metadata())
        }
    }
}

/// Set once when a graceful shutdown begins.
private final class StopFlag: Sendable {
    private let flag = Atomic(false)

    var isStopped: Bool { flag.load(ordering: .relaxed) }

    func stop() {
        flag.store(true, ordering: .relaxed)
    }
}
