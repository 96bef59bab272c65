import Synchronization

/// Identical reads of concurrent requests answered by one query ("request coalescing"), without
/// ever answering a read with a query that started before it.
///
/// A read of a key nobody is reading runs at once. A read of a key that is being read waits:
/// the query running then started before it, so its rows may miss a change committed just before
/// the read was made. When that query ends, the reads that waited for it run one query together,
/// and each of them gets its rows. So a lone request reads as it would without coalescing, while
/// the phones that open the same first page at once cost one query per round trip instead of
/// one each (decision 293).
///
/// Every read of one key must ask the same thing: the closure of the read that runs the query
/// answers all of them. A source keeps one coalescer for as long as its query text stays the
/// same (`PostgresKeysetSource` keys it by position and limit).
///
/// The query runs in a task of its own, so a request that is cancelled while it runs the query
/// for others cancels only its own wait, never their rows.
///
/// ```swift
/// let reads = ReadCoalescer<Int, [Row]>()
/// let rows = try await reads.value(for: page) { try await database.rows(page: page) }
/// ```
public final class ReadCoalescer<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// What a waiting read is resumed with.
    private enum Outcome: Sendable {
        /// Its value, read by the query that started after it.
        case answered(Value)
        /// The query it waited for ended and nobody runs the next one yet: it does.
        case leads
    }

    private typealias Waiter = CheckedContinuation<Outcome, any Error>

    /// The keys being read, each with the reads waiting for the next query of it.
    private let reading = Mutex<[Key: [Waiter]]>([:])

    /// A coalescer with no read running.
    public init() {}

    /// The number of reads of `key` waiting for the next query.
    public func waitingCount(for key: Key) -> Int {
        reading.withLock { $0[key]?.count ?? 0 }
    }

    /// The value of `key`: read by `read` now when nobody reads `key`, otherwise by the next query
    /// of `key`, which starts when the running one ends and answers every read made meanwhile.
    /// A failed query fails exactly the reads it answers; the next read of the key runs anew.
    public func value(for key: Key, reading read: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if !claim(key) {
            let outcome: Outcome = try await withCheckedThrowingContinuation { continuation in
                // Claimed again under the lock: the running query may have ended since.
                let leads = reading.withLock { reading in
                    guard reading[key] != nil else {
                        reading[key] = []
                        return true
                    }
                    reading[key]?.append(continuation)
                    return false
                }
                if leads { continuation.resume(returning: .leads) }
            }
            if case .answered(let value) = outcome { return value }
        }
        return try await lead(key, read)
    }

    /// Marks `key` as being read; `false` when it already is.
    private func claim(_ key: Key) -> Bool {
        reading.withLock { reading in
            guard reading[key] == nil else { return false }
            reading[key] = []
            return true
        }
    }

    /// Runs one query of `key` for this read and every read waiting now, answers them, then
    /// hands the next query to the first read that arrived while this one ran.
    private func lead(_ key: Key, _ read: @escaping @Sendable () async throws -> Value) async throws -> Value {
        // Every read waiting now was made before this query starts: it shares it.
        let sharers = reading.withLock { reading in
            let waiting = reading[key] ?? []
            reading[key] = []
            return waiting
        }
        let result: Result<Value, any Error>
        do {
            result = .success(try await Task { try await read() }.value)
        } catch {
            result = .failure(error)
        }
        for sharer in sharers {
            sharer.resume(with: result.map(Outcome.answered))
        }
        let next = reading.withLock { reading -> Waiter? in
            guard var waiting = reading[key], !waiting.isEmpty else {
                reading[key] = nil
                return nil
            }
            let first = waiting.removeFirst()
            reading[key] = waiting
            return first
        }
        next?.resume(returning: .leads)
        return try result.get()
    }
}
