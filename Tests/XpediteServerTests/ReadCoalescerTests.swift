import Synchronization
import Testing
import XpediteServer

/// Identical concurrent reads share one query (decision 293): a lone read runs at once, reads
/// made while a query of their key runs are answered together by the next query — never by the
/// one that started before them — other keys are not held up, a failure reaches exactly the reads
/// of its query, and a cancelled leader does not fail the reads it runs the query for.
@Suite(.timeLimit(.minutes(1))) struct ReadCoalescerTests {
    /// A stand-in for the database: numbers its queries, answers each with its number, and holds
    /// the queries whose numbers are in `holding` until `release(_:)`.
    final class Reads: Sendable {
        private struct State {
            var queries: [String] = []
            var held: [Int: CheckedContinuation<Void, Never>] = [:]
            var released: Set<Int> = []
        }
        private let state = Mutex(State())
        let holding: Set<Int>
        let failing: Set<Int>

        init(holding: Set<Int>, failing: Set<Int> = []) {
            self.holding = holding
            self.failing = failing
        }

        /// The keys of the queries run so far, in order.
        var queries: [String] { state.withLock { $0.queries } }

        func read(_ key: String) async throws -> Int {
            let number = state.withLock { state in
                state.queries.append(key)
                return state.queries.count
            }
            if holding.contains(number) {
                await withCheckedContinuation { continuation in
                    let open = state.withLock { state in
                        guard state.released.contains(number) else {
                            state.held[number] = continuation
                            return false
                        }
                        return true
                    }
                    if open { continuation.resume() }
                }
            }
            if failing.contains(number) { throw ReadFailed() }
            return number
        }

        /// Returns once query `number` is held.
        func held(_ number: Int) async {
            while state.withLock({ $0.held[number] == nil }) { await Task.yield() }
        }

        func release(_ number: Int) {
            let continuation = state.withLock { state in
                state.released.insert(number)
                return state.held.removeValue(forKey: number)
            }
            continuation?.resume()
        }
    }

    struct ReadFailed: Error {}

    static func waiting(_ reads: ReadCoalescer<String, Int>, _ key: String, count: Int) async {
        while reads.waitingCount(for: key) < count { await Task.yield() }
    }

    @Test func readsMadeWhileAQueryRunsShareTheNextQueryNotTheRunningOne() async throws {
        let database = Reads(holding: [1])
        let reads = ReadCoalescer<String, Int>()
        async let first = reads.value(for: "page") { try await database.read("page") }
        await database.held(1)
        // Three more reads of the page while its first query runs: that query started before them.
        async let second = reads.value(for: "page") { try await database.read("page") }
        async let third = reads.value(for: "page") { try await database.read("page") }
        async let fourth = reads.value(for: "page") { try await database.read("page") }
        await Self.waiting(reads, "page", count: 3)
        database.release(1)
        let values = try await (first, second, third, fourth)
        #expect(values.0 == 1)
        #expect([values.1, values.2, values.3] == [2, 2, 2])
        #expect(database.queries == ["page", "page"])
        #expect(reads.waitingCount(for: "page") == 0)
        // Nothing is running: the next read runs a query of its own.
        #expect(try await reads.value(for: "page") { try await database.read("page") } == 3)
    }

    @Test func aLoneReadRunsAtOnceAndOtherKeysAreNotHeldUp() async throws {
        let database = Reads(holding: [1])
        let reads = ReadCoalescer<String, Int>()
        async let slow = reads.value(for: "slow") { try await database.read("slow") }
        await database.held(1)
        // Another key reads while the slow one is held.
        #expect(try await reads.value(for: "fast") { try await database.read("fast") } == 2)
        #expect(try await reads.value(for: "fast") { try await database.read("fast") } == 3)
        database.release(1)
        #expect(try await slow == 1)
        #expect(database.queries == ["slow", "fast", "fast"])
    }

    @Test func aFailedQueryFailsExactlyTheReadsItAnswers() async throws {
        let database = Reads(holding: [1], failing: [2])
        let reads = ReadCoalescer<String, Int>()
        let first = Task { try await reads.value(for: "page") { try await database.read("page") } }
        await database.held(1)
        let second = Task { try await reads.value(for: "page") { try await database.read("page") } }
        let third = Task { try await reads.value(for: "page") { try await database.read("page") } }
        await Self.waiting(reads, "page", count: 2)
        database.release(1)
        let (one, two, three) = await (first.result, second.result, third.result)
        #expect(try one.get() == 1)
        #expect(throws: ReadFailed.self) { try two.get() }
        #expect(throws: ReadFailed.self) { try three.get() }
        // The failure is not kept: the next read runs anew.
        #expect(try await reads.value(for: "page") { try await database.read("page") } == 3)
    }

    @Test func aCancelledReadDoesNotFailTheReadsItRunsTheQueryFor() async throws {
        let database = Reads(holding: [1, 2])
        let reads = ReadCoalescer<String, Int>()
        // The query fails if the task it runs in is cancelled, as a database driver's may.
        let query: @Sendable () async throws -> Int = {
            let value = try await database.read("page")
            try Task.checkCancellation()
            return value
        }
        let first = Task { try await reads.value(for: "page", reading: query) }
        await database.held(1)
        // Two reads wait while the first query runs; the first of them will run the next query.
        let leader = Task { try await reads.value(for: "page", reading: query) }
        await Self.waiting(reads, "page", count: 1)
        let sharer = Task { try await reads.value(for: "page", reading: query) }
        await Self.waiting(reads, "page", count: 2)
        database.release(1)
        #expect(try await first.value == 1)
        // The leader's task is cancelled while its query for both runs.
        await database.held(2)
        leader.cancel()
        database.release(2)
        #expect(try await sharer.value == 2)
        #expect(try await leader.value == 2)
        #expect(database.queries == ["page", "page"])
    }
}
