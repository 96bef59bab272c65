import Synchronization
import Testing
@testable import XpediteServerPostgres

/// Reads of concurrent requests answered a batch at a time (decision 0597): a statement holds only
/// reads that can share it, each gets its own answer, and a failed statement fails exactly its reads.
@Suite struct StatementBatcherTests {
    /// A stand-in for the database: each statement's reads, the first statement held until `release()`.
    final class Statements: Sendable {
        let failing: Set<Int>
        private let calls = Mutex<[[String]]>([])
        private let gate = FirstCallGate()

        init(failing: Set<Int> = []) { self.failing = failing }

        var reads: [[String]] { calls.withLock { $0 } }

        /// Answers each read (a shape letter and a number) with its number doubled.
        func run(_ items: [String]) async throws -> [Int] {
            let call = calls.withLock { calls in
                calls.append(items)
                return calls.count
            }
            if call == 1 { await gate.hold() }
            if failing.contains(call) { throw Failed() }
            return items.map { 2 * (Int($0.dropFirst()) ?? 0) }
        }

        func firstHeld() async { await gate.held() }

        func release() { gate.release() }
    }

    struct Failed: Error {}

    static func batcher() -> StatementBatcher<String, Int> {
        StatementBatcher(concurrentStatements: 1) { batch, other in batch[0].first == other.first }
    }

    static func waiting(_ batcher: StatementBatcher<String, Int>, count: Int) async {
        while batcher.waitingCount < count { await Task.yield() }
    }

    @Test func readsOfOneShapeMadeWhileAStatementRunsShareTheNextAndEachGetsItsAnswer() async throws {
        let statements = Statements()
        let batcher = Self.batcher()
        let run: StatementBatcher<String, Int>.Run = { try await statements.run($0) }
        async let first = batcher.answer("a1", run: run)
        await statements.firstHeld()
        async let second = batcher.answer("a2", run: run)
        await Self.waiting(batcher, count: 1)
        async let third = batcher.answer("b3", run: run)
        await Self.waiting(batcher, count: 2)
        async let fourth = batcher.answer("a4", run: run)
        await Self.waiting(batcher, count: 3)
        statements.release()
        #expect(try await [first, second, third, fourth] == [2, 4, 6, 8])
        // "a1" alone, then the two "a" reads together, then "b3" in a statement of its own.
        #expect(statements.reads == [["a1"], ["a2", "a4"], ["b3"]])
        #expect(batcher.waitingCount == 0)
    }

    @Test func aFailedStatementFailsExactlyItsReads() async throws {
        let statements = Statements(failing: [2])
        let batcher = Self.batcher()
        let run: StatementBatcher<String, Int>.Run = { try await statements.run($0) }
        async let first = Result { try await batcher.answer("a1", run: run) }
        await statements.firstHeld()
        async let second = Result { try await batcher.answer("a2", run: run) }
        async let third = Result { try await batcher.answer("a3", run: run) }
        await Self.waiting(batcher, count: 2)
        statements.release()
        let (one, two, three) = await (first, second, third)
        #expect(try one.get() == 2)
        #expect(throws: Failed.self) { try two.get() }
        #expect(throws: Failed.self) { try three.get() }
        #expect(try await batcher.answer("a5", run: run) == 10)
    }
}
