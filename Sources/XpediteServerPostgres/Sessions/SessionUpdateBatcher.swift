import Synchronization
import XpediteServer

/// The session updates of concurrent requests, written a batch at a time: one statement applies
/// the changes of every request that finished while the previous statement ran
/// (``PostgresSessionStore``, decision 0595). It is the write side of ``SessionLookupBatcher``.
///
/// At most `concurrentWrites` statements run at once. An update that finds one of them free runs a
/// statement at once, for itself and for the updates waiting then; an update that finds them all
/// busy waits, and the first waiter leads the next statement when one ends. So a lone request
/// writes at once, as before, while under load one statement writes for many requests.
///
/// A batch holds each token once: an update of a session already in the batch waits for the next
/// one, so two changes of one session are never applied by one statement in an unknown order.
/// Every update returns only once its own statement has committed, or throws its error: a request
/// still answers after its changes are stored, never before.
final class SessionUpdateBatcher: Sendable {
    /// Applies the changes, each of a different session, in one statement.
    typealias Write = @Sendable (_ updates: [Update]) async throws -> Void

    /// One session's changes.
    struct Update: Sendable {
        var token: String
        var changes: SessionChanges
    }

    /// What a waiting update is resumed with.
    private enum Outcome: Sendable {
        /// Written by another update's statement.
        case written
        /// A statement is free: the update leads the next one.
        case leads
    }

    private struct Waiter {
        var update: Update
        var continuation: CheckedContinuation<Outcome, any Error>
    }

    private struct State {
        var waiting: [Waiter] = []
        var writing = 0
    }

    /// The most statements at once.
    let concurrentWrites: Int
    /// The most updates one statement applies.
    let batchLimit: Int
    private let write: Write
    private let state = Mutex(State())

    /// Batches updates through `write`, with at most `concurrentWrites` statements (at least 1) at once.
    init(concurrentWrites: Int, batchLimit: Int = 500, write: @escaping Write) {
        self.concurrentWrites = Swift.max(concurrentWrites, 1)
        self.batchLimit = Swift.max(batchLimit, 1)
        self.write = write
    }

    /// The number of updates waiting for a statement.
    var waitingCount: Int {
        state.withLock { $0.waiting.count }
    }

    /// Applies `changes` to the session `token`, returning once they are committed.
    func update(_ token: String, applying changes: SessionChanges) async throws {
        let update = Update(token: token, changes: changes)
        let leadsAtOnce = state.withLock { state in
            guard state.writing < concurrentWrites else { return false }
            state.writing += 1
            return true
        }
        if !leadsAtOnce {
            let outcome: Outcome = try await withCheckedThrowingContinuation { continuation in
                // Checked again under the lock: every statement may have ended since.
                let leads = state.withLock { state in
                    if state.writing < concurrentWrites {
                        state.writing += 1
                        return true
                    }
                    state.waiting.append(Waiter(update: update, continuation: continuation))
                    return false
                }
                if leads { continuation.resume(returning: .leads) }
            }
            if case .written = outcome { return }
        }
        try await lead(update)
    }

    /// Runs one statement for this update and the waiting ones of other sessions, resumes them,
    /// then hands the next statement to the first update still waiting (or frees its place).
    private func lead(_ update: Update) async throws {
        let batch = state.withLock { state in
            var tokens: Set<String> = [update.token]
            var taken: [Waiter] = []
            var kept: [Waiter] = []
            for waiter in state.waiting {
                if taken.count < batchLimit - 1, tokens.insert(waiter.update.token).inserted {
                    taken.append(waiter)
                } else {
                    kept.append(waiter)
                }
            }
            state.waiting = kept
            return taken
        }
        do {
            try await write([update] + batch.map(\.update))
        } catch {
            for waiter in batch { waiter.continuation.resume(throwing: error) }
            handOver()
            throw error
        }
        for waiter in batch { waiter.continuation.resume(returning: .written) }
        handOver()
    }

    /// A statement ended: the first waiting update leads the next one, or the place is freed.
    private func handOver() {
        let next = state.withLock { state -> Waiter? in
            guard !state.waiting.isEmpty else {
                state.writing -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.continuation.resume(returning: .leads)
    }
}
