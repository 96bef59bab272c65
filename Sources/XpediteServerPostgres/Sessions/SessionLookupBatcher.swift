import Foundation
import Synchronization
import XpeditePostgresSupport
import XpediteServer

/// The session lookups of concurrent requests, read a batch at a time: one query reads the
/// sessions of every request that arrived while the previous query ran (``PostgresSessionStore``,
/// decision 291).
///
/// At most `concurrentReads` queries run at once. A lookup that finds one of them free runs a
/// query itself at once, for itself and for every lookup waiting then; a lookup that finds them
/// all busy waits, and the first waiter is handed the next query when one ends. So a lone
/// request reads at once, as before, while under load one query answers many requests.
///
/// Each lookup is answered by a query that started after the lookup was made, so it sees every
/// change committed before it (on any server): batching changes how many queries run, never what
/// a lookup can see.
final class SessionLookupBatcher: Sendable {
    /// Reads the sessions with these tokens (distinct) seen at or after the cutoff, by token.
    typealias Read = @Sendable (_ tokens: [String], _ cutoff: Date) async throws -> [String: SessionRecord]

    /// What a waiting lookup is resumed with.
    private enum Outcome: Sendable {
        /// Its answer, read by another lookup's query.
        case answered(SessionRecord?)
        /// A query is free: the lookup runs the next one.
        case leads
    }

    private struct Waiter {
        var token: String
        var cutoff: Date
        var continuation: CheckedContinuation<Outcome, any Error>
    }

    private struct State {
        var waiting: [Waiter] = []
        var reading = 0
    }

    /// The most queries at once.
    let concurrentReads: Int
    /// The most lookups one query answers.
    let batchLimit: Int
    private let read: Read
    private let state = Mutex(State())

    /// Batches lookups through `read`, with at most `concurrentReads` queries (at least 1) at once.
    init(concurrentReads: Int, batchLimit: Int = 500, read: @escaping Read) {
        self.concurrentReads = Swift.max(concurrentReads, 1)
        self.batchLimit = Swift.max(batchLimit, 1)
        self.read = read
    }

    /// The number of lookups waiting for a query.
    var waitingCount: Int {
        state.withLock { $0.waiting.count }
    }

    /// The session with `token` seen at or after `cutoff`, or `nil`.
    func record(for token: String, activeSince cutoff: Date) async throws -> SessionRecord? {
        let leadsAtOnce = state.withLock { state in
            guard state.reading < concurrentReads else { return false }
            state.reading += 1
            return true
        }
        if !leadsAtOnce {
            let outcome: Outcome = try await withCheckedThrowingContinuation { continuation in
                // Checked again under the lock: every query may have ended since.
                let leads = state.withLock { state in
                    if state.reading < concurrentReads {
                        state.reading += 1
                        return true
                    }
                    state.waiting.append(Waiter(token: token, cutoff: cutoff, continuation: continuation))
                    return false
                }
                if leads { continuation.resume(returning: .leads) }
            }
            if case .answered(let record) = outcome { return record }
        }
        return try await lead(token: token, cutoff: cutoff)
    }

    /// Runs one query for this lookup and the ones waiting, answers them, then hands the next
    /// query to the first lookup still waiting (or frees its place).
    private func lead(token: String, cutoff: Date) async throws -> SessionRecord? {
        let batch = state.withLock { state in
            let taken = Array(state.waiting.prefix(batchLimit - 1))
            state.waiting.removeFirst(taken.count)
            return taken
        }
        var tokens = [token]
        var seen: Set<String> = [token]
        var earliest = cutoff
        for waiter in batch {
            if seen.insert(waiter.token).inserted { tokens.append(waiter.token) }
            earliest = Swift.min(earliest, waiter.cutoff)
        }
        let records: [String: SessionRecord]
        do {
            records = try await read(tokens, earliest)
        } catch {
            for waiter in batch { waiter.continuation.resume(throwing: error) }
            handOver()
            throw error
        }
        for waiter in batch {
            let record = records[waiter.token].flatMap { $0.lastSeen >= waiter.cutoff ? $0 : nil }
            waiter.continuation.resume(returning: .answered(record))
        }
        handOver()
        return records[token].flatMap { $0.lastSeen >= cutoff ? $0 : nil }
    }

    /// A query ended: the first waiting lookup runs the next one, or the place is freed.
    private func handOver() {
        let next = state.withLock { state -> Waiter? in
            guard !state.waiting.isEmpty else {
                state.reading -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.continuation.resume(returning: .leads)
    }
}
