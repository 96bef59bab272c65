import Foundation
import Synchronization
import Testing
@testable import XpediteServerPostgres
import XpediteServer

/// The session lookups of concurrent requests read a batch at a time (decision 291): a lone
/// lookup reads at once, lookups made while a query runs are read together by the next query —
/// never answered by one that started before them — and a failed query fails exactly its lookups.
@Suite struct SessionLookupBatcherTests {
    static let seen = Date(timeIntervalSince1970: 1_744_531_200)

    static func record(_ token: String) -> SessionRecord {
        SessionRecord(token: token, createdAt: seen, lastSeen: seen)
    }

    /// A stand-in for the database: records each query's tokens, answers from `stored`, and holds
    /// the first query until `release()`.
    final class Reads: Sendable {
        let stored: [String: SessionRecord]
        let failing: Set<Int>
        private let calls = Mutex<[[String]]>([])
        private let gate = FirstCallGate()

        init(stored: [String: SessionRecord], failing: Set<Int> = []) {
            self.stored = stored
            self.failing = failing
        }

        var tokens: [[String]] { calls.withLock { $0 } }

        func read(_ tokens: [String], _ cutoff: Date) async throws -> [String: SessionRecord] {
            let call = calls.withLock { calls in
                calls.append(tokens)
                return calls.count
            }
            if call == 1 { await gate.hold() }
            if failing.contains(call) { throw LookupFailed() }
            return stored.filter { tokens.contains($0.key) && $0.value.lastSeen >= cutoff }
        }

        /// Returns once the first query is held.
        func firstQueryHeld() async { await gate.held() }

        func release() { gate.release() }
    }

    struct LookupFailed: Error {}

    /// Returns once `count` lookups wait.
    static func waiting(_ batcher: SessionLookupBatcher, count: Int) async {
        while batcher.waitingCount < count { await Task.yield() }
    }

    @Test func lookupsMadeWhileAQueryRunsAreReadTogetherByTheNextOne() async throws {
        let reads = Reads(stored: ["a": Self.record("a"), "b": Self.record("b")])
        let batcher = SessionLookupBatcher(concurrentReads: 1) { try await reads.read($0, $1) }
        async let first = batcher.record(for: "a", activeSince: Self.seen)
        await reads.firstQueryHeld()
        async let second = batcher.record(for: "b", activeSince: Self.seen)
        async let third = batcher.record(for: "unknown", activeSince: Self.seen)
        async let fourth = batcher.record(for: "a", activeSince: Self.seen.addingTimeInterval(1))  // expired for it
        await Self.waiting(batcher, count: 3)
        reads.release()
        let answers = try await (first, second, third, fourth)
        #expect(answers.0 == Self.record("a"))
        #expect(answers.1 == Self.record("b"))
        #expect(answers.2 == nil)
        #expect(answers.3 == nil)
        // The first query read "a" alone; the three made while it ran were read by one more
        // query (started after them), each token once.
        let calls = reads.tokens
        #expect(calls.count == 2)
        #expect(calls.first == ["a"])
        #expect(Set(calls.last ?? []) == ["a", "b", "unknown"])
        #expect(calls.last?.count == 3)
        #expect(batcher.waitingCount == 0)
    }

    @Test func aLoneLookupReadsAtOnceAndEachQueryFailsOnlyItsLookups() async throws {
        let reads = Reads(stored: ["a": Self.record("a")], failing: [2])
        let batcher = SessionLookupBatcher(concurrentReads: 1) { try await reads.read($0, $1) }
        reads.release()
        #expect(try await batcher.record(for: "a", activeSince: Self.seen) == Self.record("a"))
        await #expect(throws: LookupFailed.self) {
            _ = try await batcher.record(for: "a", activeSince: Self.seen)
        }
        #expect(try await batcher.record(for: "a", activeSince: Self.seen) == Self.record("a"))
        #expect(reads.tokens == [["a"], ["a"], ["a"]])
    }

    @Test func aFailedQueryFailsEveryLookupItReadAndTheNextQueryRuns() async throws {
        let reads = Reads(stored: ["a": Self.record("a"), "b": Self.record("b")], failing: [1])
        let batcher = SessionLookupBatcher(concurrentReads: 1) { try await reads.read($0, $1) }
        async let first = Result { try await batcher.record(for: "a", activeSince: Self.seen) }
        await reads.firstQueryHeld()
        async let second = Result { try await batcher.record(for: "b", activeSince: Self.seen) }
        await Self.waiting(batcher, count: 1)
        reads.release()
        let (one, two) = await (first, second)
        #expect(throws: LookupFailed.self) { try one.get() }
        // "b" waited for a query that started after it: the second, which succeeds.
        #expect(try two.get() == Self.record("b"))
        #expect(reads.tokens == [["a"], ["b"]])
    }
}

extension Result where Failure == any Error {
    /// The outcome of an async throwing body.
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
