import Synchronization

/// Reads of concurrent requests answered a batch at a time: one statement answers every read that
/// arrived while the previous statement ran and that can share it (decision 0597), the pattern of
/// the session batchers (decisions 291 and 0595) for any read.
///
/// At most `concurrentStatements` statements run at once. A read that finds one free runs one at
/// once, for itself and for the compatible reads waiting then (`joins`); a read that finds them all
/// busy waits, and the first waiter leads the next statement when one ends. So a lone read runs as
/// it would alone, while under load one statement answers many. Each read is answered by a
/// statement that started after it was made, so batching never changes what a read can see.
///
/// The statement is run by the leading read's `run`: every read of one batcher must be answerable
/// by any reader's `run` (a keyset source keeps one batcher for as long as its SQL stays the same).
final class StatementBatcher<Item: Sendable, Answer: Sendable>: Sendable {
    /// Answers the reads, one answer per read in their order.
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
    /// The most reads one statement answers.
    let batchLimit: Int
    /// Whether a read (second) may go into the statement another (first) leads.
    private let joins: @Sendable (_ leader: Item, _ other: Item) -> Bool
    private let state = Mutex(State())

    init(concurrentStatements: Int, batchLimit: Int = 64,
         joins: @escaping @Sendable (_ leader: Item, _ other: Item) -> Bool) {
        self.concurrentStatements = Swift.max(concurrentStatements, 1)
        self.batchLimit = Swift.max(batchLimit, 1)
        self.joins = joins
    }

    /// The number of reads waiting for a statement.
    var waitingCount: Int {
        state.withLock { $0.waiting.count }
    }

    /// The answer to `item`, by a statement that `run` makes when this read leads one.
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
        let batch = state.withLock { state in
            var taken: [Waiter] = []
            var kept: [Waiter] = []
            for waiter in state.waiting {
                if taken.count < batchLimit - 1, joins(item, waiter.item) {
                    taken.append(waiter)
                } else {
                    kept.append(waiter)
                }
            }
            state.waiting = kept
            return taken
        }
        let answers: [Answer]
        do {
            answers = try await run([item] + batch.map(\.item))
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

/// A statement of ``StatementBatcher`` gave a different number of answers than it had reads.
struct BatchMismatch: Error, CustomStringConvertible {
    var items: Int
    var answers: Int
    var description: String { "a batched statement answered \(answers) reads of \(items)" }
}
