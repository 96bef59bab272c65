import Testing
import XpediteProtocol
import XpediteServer
import XpediteStoreTesting

/// Every database's keyset source, made the same way (a table, its columns, the key, a
/// condition), reads the same batches.
@Suite struct KeysetSourceConformanceTests {
    static func ids(_ batch: KeysetBatch) -> [Int] { batch.records.compactMap { $0["id"]?.intValue } }

    /// Batches at offsets and after keys, the end, and a seek that a row added before the cursor
    /// does not shift (where an offset would).
    @Test(arguments: TestedDatabase.available)
    func keysetSourcesSeekAfterTheKey(_ tested: TestedDatabase) async throws {
        try await tested.database.withItems(count: 95) { source, insert in
            let first = try await source.rows(from: .offset(10), limit: 2)
            #expect(Self.ids(first) == [33, 36] && first.lastKey == 36 && first.hasMore)
            #expect(first.records.first == ["id": 33, "name": "Item 11", "price": 5.5, "note": nil])
            let last = try await source.rows(from: .after(282), limit: 2)
            #expect(Self.ids(last) == [285] && last.lastKey == 285 && !last.hasMore)
            let past = try await source.rows(from: .offset(95), limit: 2)
            #expect(past.records.isEmpty && past.lastKey == nil && !past.hasMore)
            try await insert(1)
            #expect(Self.ids(try await source.rows(from: .after(36), limit: 2)) == [39, 42])
            #expect(Self.ids(try await source.rows(from: .offset(12), limit: 2)) == [36, 39])
        }
    }

    /// Many requests asking for one batch at once (shared by one query on PostgreSQL, decision
    /// 293) each get the whole batch, and a batch asked after a write committed sees the write.
    @Test(arguments: TestedDatabase.available)
    func concurrentReadsOfOneBatchEachGetItAndSeeEarlierWrites(_ tested: TestedDatabase) async throws {
        try await tested.database.withItems(count: 95) { source, insert in
            func readTogether(_ position: KeysetPosition) async throws -> [[Int]] {
                try await withThrowingTaskGroup(of: [Int].self) { group in
                    for _ in 0..<24 {
                        group.addTask { Self.ids(try await source.rows(from: position, limit: 3)) }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
            #expect(try await readTogether(.offset(0)) == Array(repeating: [3, 6, 9], count: 24))
            #expect(try await readTogether(.after(6)) == Array(repeating: [9, 12, 15], count: 24))
            try await insert(1)
            try await insert(7)
            #expect(try await readTogether(.offset(0)) == Array(repeating: [1, 3, 6], count: 24))
            #expect(try await readTogether(.after(6)) == Array(repeating: [7, 9, 12], count: 24))
        }
    }

    /// A source keeps its SQL (and, on PostgreSQL, its prepared statements) once made; a source
    /// whose table did not exist yet fails, and reads the table once it exists (decision 290).
    @Test(arguments: TestedDatabase.available)
    func aSourceReadsATableCreatedAfterItFailed(_ tested: TestedDatabase) async throws {
        try await tested.database.withLaterTable { source, create in
            await #expect(throws: (any Error).self) { _ = try await source.rows(from: .offset(0), limit: 2) }
            await #expect(throws: (any Error).self) { _ = try await source.rows(from: .after(1), limit: 2) }
            try await create()
            for _ in 0..<3 {
                let page = try await source.rows(from: .offset(0), limit: 2)
                #expect(Self.ids(page) == [1, 2] && page.hasMore)
                #expect(page.records.first?.keys == ["id", "name"])
                #expect(Self.ids(try await source.rows(from: .after(2), limit: 2)) == [3])
            }
        }
    }

    /// A key that is neither a number nor a string is refused alike, with the same error.
    @Test(arguments: TestedDatabase.available)
    func aKeyThatIsNotANumberOrAStringIsRefused(_ tested: TestedDatabase) async throws {
        try await tested.database.withItems(count: 3) { source, _ in
            await #expect(throws: KeysetSourceError.self) { _ = try await source.rows(from: .after(.bool(true)), limit: 2) }
        }
    }
}
