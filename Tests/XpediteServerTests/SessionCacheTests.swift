import Foundation
import Testing
import XpediteServer
@testable import XpediteServerSQLite

/// The SQLite store's in-memory copy of recent records: lookups that hit it never read the file,
/// and it follows every write, expiry, removal, purge and eviction exactly.
///
/// A second store on the same file with no cache plays "the database behind the cache's back":
/// what it writes is visible to the cached store only for records it does not hold.
@Suite struct SessionCacheTests {
    static let start = SessionStoreTests.start

    /// A cached store and an uncached one on the same new file.
    static func stores(cachedSessions: Int = SQLiteSessionStore.defaultCachedSessions) throws
        -> (cached: SQLiteSessionStore, file: SQLiteSessionStore, directory: URL) {
        let directory = SessionStoreTests.temporaryDirectory()
        let cached = try SQLiteSessionStore(directory: directory, cachedSessions: cachedSessions)
        let file = try SQLiteSessionStore(directory: directory, cachedSessions: 0)
        return (cached, file, directory)
    }

    static func record(_ token: String, lastSeen: Date = start) -> SessionRecord {
        SessionStoreTests.record(token, lastSeen: lastSeen)
    }

    @Test func defaultsAndDisabling() throws {
        let (cached, file, directory) = try Self.stores()
        defer { removeTemporaryDirectory(directory) }
        #expect(cached.cachedSessions == 10_000)
        #expect(file.cachedSessions == 0)
    }

    @Test func aCachedLookupDoesNotReadTheFile() async throws {
        let (cached, file, directory) = try Self.stores()
        defer { removeTemporaryDirectory(directory) }
        try await cached.insert(Self.record("a"))
        // Changed behind the cache's back: the cached store still answers from memory…
        try await file.update("a", applying: SessionChanges(setValues: ["behind": true]))
        #expect(try await cached.record(for: "a", activeSince: .distantPast) == Self.record("a"))
        // …and the file has the change.
        #expect(try await file.record(for: "a", activeSince: .distantPast)?.values["behind"] == true)
    }

    @Test func writesThenReadsAreCoherent() async throws {
        let (cached, file, directory) = try Self.stores()
        defer { removeTemporaryDirectory(directory) }
        try await cached.insert(Self.record("a"))
        _ = try await cached.record(for: "a", activeSince: .distantPast)  // cached now
        let changes = [
            SessionChanges(setValues: ["cart": [1, 2]], sentNavigation: ["help"]),
            SessionChanges(removedValues: ["user"], lastSeen: Self.start.addingTimeInterval(90)),
            SessionChanges(lastSeen: Self.start),  // never backwards
            SessionChanges(sentNavigation: ["x"], resetsNavigation: true, version: "2"),
            SessionChanges(setValues: ["odd \"name\"": "falls back to read-modify-write"]),
        ]
        for change in changes {
            try await cached.update("a", applying: change)
            let inMemory = try await cached.record(for: "a", activeSince: .distantPast)
            let inFile = try await file.record(for: "a", activeSince: .distantPast)
            #expect(inMemory != nil)
            #expect(inMemory == inFile)
        }
        #expect(try await cached.record(for: "a", activeSince: .distantPast)?.lastSeen == Self.start.addingTimeInterval(90))
    }

    @Test func cachedRecordsExpireAndTouchesRenewThem() async throws {
        let (cached, _, directory) = try Self.stores()
        defer { removeTemporaryDirectory(directory) }
        try await cached.insert(Self.record("a"))
        #expect(try await cached.record(for: "a", activeSince: Self.start) != nil)
        #expect(try await cached.record(for: "a", activeSince: Self.start.addingTimeInterval(1)) == nil)
        try await cached.update("a", applying: SessionChanges(lastSeen: Self.start.addingTimeInterval(60)))
        #expect(try await cached.record(for: "a", activeSince: Self.start.addingTimeInterval(60)) != nil)
        #expect(try await cached.record(for: "a", activeSince: Self.start.addingTimeInterval(61)) == nil)
    }

    @Test func removalAndPurgeReachTheCache() async throws {
        let (cached, file, directory) = try Self.stores()
        defer { removeTemporaryDirectory(directory) }
        try await cached.insert(Self.record("gone"))
        try await cached.insert(Self.record("old"))
        try await cached.insert(Self.record("fresh", lastSeen: Self.start.addingTimeInterval(3600)))
        try await cached.removeSession("gone")
        #expect(try await cached.record(for: "gone", activeSince: .distantPast) == nil)
        #expect(try await cached.removeSessions(inactiveSince: Self.start.addingTimeInterval(1)) == 1)
        #expect(try await cached.record(for: "old", activeSince: .distantPast) == nil)
        #expect(try await cached.record(for: "fresh", activeSince: .distantPast) != nil)
        #expect(try await file.count() == 1)
    }

    @Test func theOldestRecordIsEvictedAndThenReadFromTheFile() async throws {
        let (cached, file, directory) = try Self.stores(cachedSessions: 2)
        defer { removeTemporaryDirectory(directory) }
        for token in ["a", "b", "c"] { try await cached.insert(Self.record(token)) }
        for token in ["a", "c"] {
            try await file.update(token, applying: SessionChanges(setValues: ["behind": true]))
        }
        // "a" was evicted: read from the file (and cached again, evicting "b").
        #expect(try await cached.record(for: "a", activeSince: .distantPast)?.values["behind"] == true)
        // "c" is still cached: the change behind the cache's back is not seen.
        #expect(try await cached.record(for: "c", activeSince: .distantPast)?.values["behind"] == nil)
        try await file.update("b", applying: SessionChanges(setValues: ["behind": true]))
        #expect(try await cached.record(for: "b", activeSince: .distantPast)?.values["behind"] == true)
    }

    @Test func anImportDoesNotFillTheCache() async throws {
        let (cached, file, directory) = try Self.stores()
        defer { removeTemporaryDirectory(directory) }
        try await cached.insert(contentsOf: [Self.record("a"), Self.record("b")])
        try await file.update("a", applying: SessionChanges(setValues: ["behind": true]))
        #expect(try await cached.record(for: "a", activeSince: .distantPast)?.values["behind"] == true)
    }

    @Test func concurrentWritesAndReadsLeaveTheCacheEqualToTheFile() async throws {
        let (cached, file, directory) = try Self.stores(cachedSessions: 3)
        defer { removeTemporaryDirectory(directory) }
        let tokens = (0..<6).map { "t\($0)" }
        for token in tokens { try await cached.insert(Self.record(token)) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<120 {
                let token = tokens[index % tokens.count]
                group.addTask {
                    try await cached.update(token, applying: SessionChanges(
                        setValues: ["k\(index % 7)": .number(Double(index))], removedValues: ["k\((index + 3) % 7)"],
                        sentNavigation: ["n\(index % 5)"], lastSeen: Self.start.addingTimeInterval(Double(index))))
                }
                group.addTask { _ = try await cached.record(for: token, activeSince: .distantPast) }
            }
            try await group.waitForAll()
        }
        for token in tokens {
            #expect(try await cached.record(for: token, activeSince: .distantPast)
                        == (try await file.record(for: token, activeSince: .distantPast)))
        }
    }

    // MARK: - The cache's own rules

    @Test func aReadOlderThanAWriteIsNotCached() {
        let cache = SessionRecordCache(capacity: 4)
        guard case .miss(let generation) = cache.lookup("a", activeSince: .distantPast) else {
            Issue.record("an empty cache hit")
            return
        }
        cache.apply(SessionChanges(setValues: ["x": 1]), to: "a")  // a write while the read runs
        cache.fill(Self.record("a"), ifGeneration: generation)
        #expect(cache.count == 0)
        guard case .miss(let next) = cache.lookup("a", activeSince: .distantPast) else {
            Issue.record("a stale read was cached")
            return
        }
        cache.fill(Self.record("a"), ifGeneration: next)
        #expect(cache.count == 1)
    }

    @Test func evictionOrderSurvivesRemovals() {
        let cache = SessionRecordCache(capacity: 2)
        for round in 0..<10 {
            cache.store(Self.record("r\(round)"))
            cache.remove("r\(round)")
        }
        cache.store(Self.record("a"))
        cache.store(Self.record("b"))
        cache.store(Self.record("a"))  // a replacement keeps its place
        cache.store(Self.record("c"))
        #expect(cache.count == 2)
        guard case .miss = cache.lookup("a", activeSince: .distantPast) else {
            Issue.record("the oldest record was kept")
            return
        }
        guard case .hit(let b?) = cache.lookup("b", activeSince: .distantPast), b.token == "b",
              case .hit(let c?) = cache.lookup("c", activeSince: .distantPast), c.token == "c" else {
            Issue.record("a newer record was evicted")
            return
        }
    }
}
