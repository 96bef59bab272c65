import Synchronization

/// The statements of concurrent requests run a batch at a time: one statement answers every
/// request that arrived while the previous statement ran and that can share it. The session
/// lookups (decision 291), the session updates (decision 0595) and the keyset pages
/// (decision 0597) all go through one.
///
/// At most `concurrentStatements` statements run at once. A request that finds one free runs one at
/// once, for itself and for the waiting requests that may join it (`joins`); a request that finds
/// them all busy waits, and the first waiter leads the next statement when one ends. So a lone
/// request runs as it would alone, while under load one statement answers many. Each request is
/// answered by a statement that started after it was made, so batching never changes what a read
/// can see, and a request returns only once its own statement has ended.
///
/// The statement is run by the leading request's `run`: every request of one batcher must be
/// answerable by any requester's `run` (a keyset source keeps one batcher for as long as its SQL
/// stays the same).
final class StatementBatcher<Item: Sendable, Answer: Sendable>: Sendable {
    /// Runs the statement of these requests: one answer per request, in their order.
    typealias Run = @Sendable (_ items: [Item]) async throws -> [Answer]

    private enum Outcome: Sendable {
        case answered(Answer)
        case leads
    }

    private struct Waiter {
        var item: Item
        var continuation: CheckedContinuation<Outcome, any Error>
    }

    private struct State {
        var waiting: [Waiter] = []
        var running = 0
    }

    /// The most statements at once.
    let concurrentStatements: Int
    /// The most requests one statement answers.
    let batchLimit: Int
    /// Whether a waiting request (`other`) may go into a statement that holds `batch` so far (the
    /// leader first).
    private let joins: @Sendable (_ batch: [Item], _ other: Item) -> Bool
    private let state = Mutex(State())

    init(concurrentStatements: Int, batchLimit: Int = 64,
         joins: @escaping @Sendable (_ batch: [Item], _ other: Item) -> Bool = { _, _ in true }) {
        self.concurrentStatements = Swift.max(concurrentStatements, 1)
        self.batchLimit = Swift.max(batchLimit, 1)
        self.joins = joins
    }

    /// The number of requests waiting for a statement.
    var waitingCount: Int {
        state.withLock { $0.waiting.count }
    }

    /// The answer to `item`, by a statement that `run` makes when this request leads one.
    func answer(_ item: Item, run: @escaping Run) async throws -> Answer {
        let leadsAtOnce = state.withLock { state in
            guard state.running < concurrentStatements else { return false }
            state.running += 1
            return true
        }
        if !leadsAtOnce {
            let outcome: Outcome = try await withCheckedThrowingContinuation { continuation in
                let leads = state.withLock { state in
                    if state.running < concurrentStatements {
                        state.running += 1
                        return true
                    }
                    state.waiting.append(Waiter(item: item, continuation: continuation))
                    return false
                }
                if leads { continuation.resume(returning: .leads) }
            }
            if case .answered(let answer) = outcome { return answer }
        }
        return try await lead(item, run: run)
    }

    private func lead(_ item: Item, run: Run) async throws -> Answer {
        let (batch, items) = state.withLock { state in
            var items = [item]
            var taken: [Waiter] = []
            var kept: [Waiter] = []
            for waiter in state.waiting {
                if items.count < batchLimit, joins(items, waiter.item) {
                    taken.append(waiter)
                    items.append(waiter.item)
                } else {
                    kept.append(waiter)
                }
            }
            state.waiting = kept
            return (taken, items)
        }
        let answers: [Answer]
        do {
            answers = try await run(items)
            guard answers.count == batch.count + 1 else {
                throw BatchMismatch(items: batch.count + 1, answers: answers.count)
            }
        } catch {
            for waiter in batch { waiter.continuation.resume(throwing: error) }
            handOver()
            throw error
        }
        for (waiter, answer) in zip(batch, answers.dropFirst()) { waiter.continuation.resume(returning: .answered(answer)) }
        handOver()
        return answers[0]
    }

    private func handOver() {
        let next = state.withLock { state -> Waiter? in
            guard !state.waiting.isEmpty else {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.continuation.resume(returning: .leads)
    }
}

/// A statement of ``StatementBatcher`` gave a different number of answers than it had requests.
struct BatchMismatch: Error, CustomStringConvertible {
    var items: Int
    var answers: Int
    var description: String { "a batched statement answered \(answers) requests of \(items)" }
}
