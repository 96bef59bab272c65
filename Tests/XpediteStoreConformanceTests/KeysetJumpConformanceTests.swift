import Foundation
import Synchronization
import Testing
import XpediteProtocol
import XpediteServer
import XpediteStoreTesting

/// Every database's keyset source jumps to a deep offset by its sampled keys (decision 0480): on a
/// quiet table exactly where `OFFSET` lands, after writes once the index is rebuilt, and under
/// writes from another server a scroll never repeats or skips a row that was there all along.
@Suite struct KeysetJumpConformanceTests {
    static func ids(_ batch: KeysetBatch) -> [Int] { batch.records.compactMap { $0["id"]?.intValue } }

    /// The ids of the batch at `offset` of the table `withItems` makes (ids 3, 6, 9, …) with `count` rows.
    static func expectedIDs(offset: Int, limit: Int, count: Int) -> [Int] {
        guard offset < count else { return [] }
        return (offset..<min(offset + limit, count)).map { ($0 + 1) * 3 }
    }

    /// Many random offsets, shallow and deep and past the end, read the batch `OFFSET` reads, from
    /// one index built once (the first deep jump reads with `OFFSET`, the second builds it).
    @Test(arguments: TestedDatabase.available)
    func jumpsLandWhereOffsetLandsOnAQuietTable(_ tested: TestedDatabase) async throws {
        let index = KeysetJumpIndex(stride: 16, maximumAge: .seconds(3600))
        let count = 2000
        try await tested.database.withItemsOnTwoServers(count: count, jumpIndex: index) { source, _ in
            var generator = SystemRandomNumberGenerator()
            var offsets = [0, 15, 16, 17, 31, 32, 1984, 1999, 2000, 2040, 5000]
            offsets += (0..<80).map { _ in Int.random(in: 0..<2020, using: &generator) }
            for offset in offsets {
                let batch = try await source.rows(from: .offset(offset), limit: 40)
                let expected = Self.expectedIDs(offset: offset, limit: 40, count: count)
                #expect(Self.ids(batch) == expected, "offset \(offset)")
                #expect(batch.hasMore == (offset + 40 < count), "offset \(offset)")
                #expect(batch.lastKey == expected.last.map { JSONValue.number(Double($0)) }, "offset \(offset)")
            }
            #expect(index.builds == 1)
            #expect(index.sampleCount == count / 16)
        }
    }

    /// Many readers at once, jumping to random offsets and scrolling on after random keys, each
    /// get their own batch: on PostgreSQL those made while a statement runs are read together by
    /// the next one (decision 0597), each read a row of its own.
    @Test(arguments: TestedDatabase.available)
    func concurrentJumpsAndScrollsEachReadTheirOwnBatch(_ tested: TestedDatabase) async throws {
        let index = KeysetJumpIndex(stride: 16, maximumAge: .seconds(3600))
        let count = 2000
        try await tested.database.withItemsOnTwoServers(count: count, jumpIndex: index) { source, _ in
            _ = try await source.rows(from: .offset(500), limit: 40)   // the index is built by the second jump
            _ = try await source.rows(from: .offset(600), limit: 40)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for reader in 0..<200 {
                    group.addTask {
                        let offset = Int.random(in: 0..<(count + 40))
                        if reader % 2 == 0 {
                            let batch = try await source.rows(from: .offset(offset), limit: 40)
                            #expect(Self.ids(batch) == Self.expectedIDs(offset: offset, limit: 40, count: count), "offset \(offset)")
                            #expect(batch.hasMore == (offset + 40 < count), "offset \(offset)")
                        } else {
                            // After the row of id 3 × (offset + 1): the batch at offset + 1.
                            let after = JSONValue.number(Double((offset + 1) * 3))
                            let batch = try await source.rows(from: .after(after), limit: 40)
                            #expect(Self.ids(batch) == Self.expectedIDs(offset: offset + 1, limit: 40, count: count), "after \(after)")
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    /// An index kept for an hour lands off its offset after another server inserts rows before it
    /// (the documented approximation); invalidated, the next jump waits for a new index and lands
    /// exactly. An index that may be a moment old is rebuilt by the jumps that follow the write.
    @Test(arguments: TestedDatabase.available)
    func aJumpIndexIsRebuiltAfterWrites(_ tested: TestedDatabase) async throws {
        let kept = KeysetJumpIndex(stride: 16, maximumAge: .seconds(3600))
        try await tested.database.withItemsOnTwoServers(count: 500, jumpIndex: kept) { source, write in
            _ = try await source.rows(from: .offset(100), limit: 5)
            #expect(Self.ids(try await source.rows(from: .offset(100), limit: 5)) == [303, 306, 309, 312, 315])
            #expect(kept.builds == 1)
            // Two rows before every sample, one row deleted: offset 100 is now id 300.
            try await write([1, 2], [30])
            #expect(Self.ids(try await source.rows(from: .offset(100), limit: 5)) == [303, 306, 309, 312, 315])
            kept.invalidate()
            #expect(Self.ids(try await source.rows(from: .offset(100), limit: 5)) == [300, 303, 306, 309, 312])
            #expect(kept.builds == 2)
        }
        let fresh = KeysetJumpIndex(stride: 16, maximumAge: .milliseconds(50), rebuildFactor: 1)
        try await tested.database.withItemsOnTwoServers(count: 500, jumpIndex: fresh) { source, write in
            _ = try await source.rows(from: .offset(100), limit: 5)
            #expect(Self.ids(try await source.rows(from: .offset(100), limit: 5)) == [303, 306, 309, 312, 315])
            try await write([1, 2], [30])
            var landed: [Int] = []
            for _ in 0..<200 {
                landed = Self.ids(try await source.rows(from: .offset(100), limit: 5))
                if landed == [300, 303, 306, 309, 312] { break }
                try await Task.sleep(for: .milliseconds(25))
            }
            #expect(landed == [300, 303, 306, 309, 312])
            #expect(fresh.builds >= 2)
        }
    }

    /// Readers on one server jump to random offsets and scroll on by key while another server
    /// inserts rows and deletes some, rebuilding the index all the while: every batch and every
    /// scroll is in key order without a repeat, and holds every row that was there before the
    /// writes and after them between its first and its last key.
    @Test(arguments: TestedDatabase.available)
    func aScrollUnderWritesFromAnotherServerNeverRepeatsOrSkipsARow(_ tested: TestedDatabase) async throws {
        let count = 3000
        let index = KeysetJumpIndex(stride: 16, maximumAge: .zero, rebuildFactor: 1)
        // The writer deletes the original rows whose id is a multiple of 21 and adds and deletes
        // rows of ids that are not multiples of 3; every other original row stays throughout.
        let volatile = Set(stride(from: 21, through: count * 3, by: 21))
        let stable = (1...count).map { $0 * 3 }.filter { !volatile.contains($0) }
        try await tested.database.withItemsOnTwoServers(count: count, jumpIndex: index) { source, write in
            let done = Flag()
            let writer = Task {
                var generator = SystemRandomNumberGenerator()
                var pending = Array(volatile).shuffled(using: &generator)
                var added: [Int] = []
                var writes = 0
                while !done.value.load(ordering: .relaxed) || writes < 5 {
                    let inserted = (0..<8).map { _ in Int.random(in: 1...(count * 3), using: &generator) * 3 + 1 }
                        .filter { !added.contains($0) }
                    let deleted = Array(pending.prefix(4)) + Array(added.shuffled(using: &generator).prefix(4))
                    pending.removeFirst(min(4, pending.count))
                    added = added.filter { !deleted.contains($0) } + Array(Set(inserted))
                    try await write(Array(Set(inserted)), deleted)
                    writes += 1
                }
                return writes
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        var generator = SystemRandomNumberGenerator()
                        for _ in 0..<6 {
                            let offset = Int.random(in: 0..<(count - 200), using: &generator)
                            var batch = try await source.rows(from: .offset(offset), limit: 40)
                            var seen = Self.ids(batch)
                            for _ in 0..<8 {
                                guard batch.hasMore, let last = batch.lastKey else { break }
                                batch = try await source.rows(from: .after(last), limit: 40)
                                seen += Self.ids(batch)
                            }
                            Self.expectNoRepeatOrSkip(seen, stable: stable, offset: offset)
                        }
                    }
                }
                try await group.waitForAll()
            }
            done.value.store(true, ordering: .relaxed)
            let writes = try await writer.value
            #expect(writes >= 5)
            #expect(index.builds >= 2)
        }
    }

    /// A flag the readers raise when they are done.
    final class Flag: Sendable {
        let value = Atomic(false)
    }

    /// `seen` is strictly increasing and holds every stable id between its first and last.
    static func expectNoRepeatOrSkip(_ seen: [Int], stable: [Int], offset: Int) {
        guard let first = seen.first, let last = seen.last else {
            Issue.record("offset \(offset): no rows")
            return
        }
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 }, "offset \(offset): out of order or repeated")
        let present = Set(seen)
        let missing = stable.filter { $0 >= first && $0 <= last && !present.contains($0) }
        #expect(missing.isEmpty, "offset \(offset): skipped \(missing)")
    }
}
