import Foundation
import Synchronization
import Testing
@testable import XpediteServerPostgres
import XpediteServer

/// The session updates of concurrent requests written a batch at a time (decision 0595): a lone
/// update writes at once, updates made while a statement runs are written together by the next
/// one, a session is never twice in one statement, and a failed statement fails exactly its
/// updates.
@Suite struct SessionUpdateBatcherTests {
    /// A stand-in for the database: records each statement's updates and holds the first one
    /// until `release()`.
    final class Writes: Sendable {
        let failing: Set<Int>
        private let calls = Mutex<[[SessionUpdateBatcher.Update]]>([])
        private let gate = FirstCallGate()

        init(failing: Set<Int> = []) {
            self.failing = failing
        }

        /// The tokens of each statement, in order.
        var tokens: [[String]] { calls.withLock { $0.map { $0.map(\.token) } } }
        /// The changes each statement wrote.
        var changes: [[SessionChanges]] { calls.withLock { $0.map { $0.map(\.changes) } } }

        func write(_ updates: [SessionUpdateBatcher.Update]) async throws {
            let call = calls.withLock { calls in
                calls.append(updates)
                return calls.count
            }
            if call == 1 { await gate.hold() }
            if failing.contains(call) { throw WriteFailed() }
        }

        func firstStatementHeld() async { await gate.held() }

        func release() { gate.release() }
    }

    struct WriteFailed: Error {}

    static func cursor(_ offset: Int) -> SessionChanges {
        SessionChanges(setValues: ["cursor": .number(Double(offset))])
    }

    static func waiting(_ batcher: SessionUpdateBatcher, count: Int) async {
        while batcher.waitingCount < count { await Task.yield() }
    }

    @Test func updatesMadeWhileAStatementRunsAreWrittenTogetherEachSessionOnce() async throws {
        let writes = Writes()
        let batcher = SessionUpdateBatcher(concurrentWrites: 1) { try await writes.write($0) }
        async let first: Void = batcher.update("a", applying: Self.cursor(40))
        await writes.firstStatementHeld()
        async let second: Void = batcher.update("b", applying: Self.cursor(80))
        await Self.waiting(batcher, count: 1)
        async let third: Void = batcher.update("b", applying: Self.cursor(120))
        await Self.waiting(batcher, count: 2)
        async let fourth: Void = batcher.update("c", applying: SessionChanges(removedValues: ["draft"]))
        await Self.waiting(batcher, count: 3)
        writes.release()
        _ = try await (first, second, third, fourth)
        // "a" alone first; then "b" and "c" together, and "b"'s second change in a statement of its
        // own after them (never two changes of one session in one statement).
        #expect(writes.tokens == [["a"], ["b", "c"], ["b"]])
        #expect(writes.changes.last == [Self.cursor(120)])
        #expect(batcher.waitingCount == 0)
    }

    @Test func aFailedStatementFailsEveryUpdateItWroteAndTheNextStatementRuns() async throws {
        let writes = Writes(failing: [2])
        let batcher = SessionUpdateBatcher(concurrentWrites: 1) { try await writes.write($0) }
        async let first = Result { try await batcher.update("a", applying: Self.cursor(40)) }
        await writes.firstStatementHeld()
        async let second = Result { try await batcher.update("b", applying: Self.cursor(40)) }
        async let third = Result { try await batcher.update("c", applying: Self.cursor(40)) }
        await Self.waiting(batcher, count: 2)
        writes.release()
        let (one, two, three) = await (first, second, third)
        #expect(throws: Never.self) { try one.get() }
        #expect(throws: WriteFailed.self) { try two.get() }
        #expect(throws: WriteFailed.self) { try three.get() }
        try await batcher.update("d", applying: Self.cursor(40))
        #expect(writes.tokens == [["a"], ["b", "c"], ["d"]])
    }
}
