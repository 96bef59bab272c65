import Synchronization
import Testing
@testable import XpediteNotify

/// The buffer of one Server-Sent Events stream (decision 0541): a reader that falls more than
/// its limit behind ends the stream instead of having every event kept for it.
@Suite struct EventStreamBufferTests {
    /// Everything `buffer` yields until its stream ends.
    static func drain(_ buffer: EventStreamBuffer<Int>) async -> [Int] {
        var items: [Int] = []
        for await item in buffer.items { items.append(item) }
        return items
    }

    @Test func aReaderTenTimesTheLimitBehindGetsTheLimitAndTheStreamEnds() async {
        let buffer = EventStreamBuffer<Int>(limit: 16)
        let added = (0..<160).map { buffer.add($0) }
        #expect(added.prefix(16).allSatisfy { $0 })
        #expect(added.dropFirst(16).allSatisfy { !$0 })
        #expect(!buffer.add(160))   // the stream ended by itself at the overflow
        buffer.finish()             // (a no-op then; unbounded, the drain below would get all 161)
        #expect(await Self.drain(buffer) == Array(0..<16))
    }

    @Test func aReaderThatKeepsUpGetsEverythingUntilTheEnd() async {
        let buffer = EventStreamBuffer<Int>(limit: 4)
        var iterator = buffer.items.makeAsyncIterator()
        for item in 0..<40 {
            #expect(buffer.add(item))
            #expect(await iterator.next() == item)
        }
        buffer.finish()
        #expect(await iterator.next() == nil)
        #expect(!buffer.add(41))
    }

    @Test func theEndRunsTheTerminationHandlerOnce() async {
        let buffer = EventStreamBuffer<Int>(limit: 2)
        let ended = Counter()
        buffer.onTermination { ended.increment() }
        buffer.add(1)
        buffer.add(2)
        buffer.add(3)   // overflows: ends the stream
        #expect(!buffer.add(4))
        buffer.finish()
        _ = await Self.drain(buffer)
        #expect(ended.value == 1)
    }
}

/// A count that any thread may increment.
private final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
