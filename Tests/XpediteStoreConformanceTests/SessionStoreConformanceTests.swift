import Foundation
import Testing
import XpediteProtocol
import XpediteServer
import XpediteStoreTesting
import XpediteTestSupport

/// Every session store behaves alike: in memory, and on every database of TestedDatabase.
@Suite struct SessionStoreConformanceTests {
    static let start = Date(timeIntervalSince1970: 1_744_531_200)

    static func record(_ token: String, lastSeen: Date = start) -> SessionRecord {
        SessionRecord(token: token, device: Device(bundleID: "xpedite.software", uuid: "U",
                                                   bounds: Bounds(width: 393, height: 852), xpediteVersion: 1),
                      createdAt: start, lastSeen: lastSeen, version: "1", values: ["user": ["name": "Alice", "id": 7]],
                      sentNavigation: ["main-menu"])
    }

    @Test(arguments: TestedDatabase.sessionStores)
    func insertLookUpExpireAndRemove(_ kind: SessionStoreUnderTest) async throws {
        try await kind.withStore { store in
            try await store.insert(Self.record("a"))
            #expect(try await store.record(for: "a", activeSince: Self.start) == Self.record("a"))
            #expect(try await store.record(for: "a", activeSince: Self.start.addingTimeInterval(1)) == nil)
            #expect(try await store.record(for: "b", activeSince: .distantPast) == nil)
            #expect(try await store.count() == 1)
            try await store.removeSession("a")
            #expect(try await store.count() == 0)
        }
    }

    /// The phone's appearance from setConnection is kept, and so is its absence.
    @Test(arguments: TestedDatabase.sessionStores)
    func theAppearanceIsKept(_ kind: SessionStoreUnderTest) async throws {
        try await kind.withStore { store in
            var dark = Self.record("dark")
            dark.device.appearance = .dark
            var light = Self.record("light")
            light.device.appearance = .light
            try await store.insert(dark)
            try await store.insert(contentsOf: [light, Self.record("unknown")])
            #expect(try await store.record(for: "dark", activeSince: .distantPast)?.device.appearance == .dark)
            #expect(try await store.record(for: "light", activeSince: .distantPast)?.device.appearance == .light)
            let unknown = try #require(try await store.record(for: "unknown", activeSince: .distantPast))
            #expect(unknown.device.appearance == nil)
            #expect(unknown == Self.record("unknown"))
            // A change of values leaves it as it was.
            try await store.update("dark", applying: SessionChanges(setValues: ["cart": [1]]))
            #expect(try await store.record(for: "dark", activeSince: .distantPast)?.device.appearance == .dark)
        }
    }

    @Test(arguments: TestedDatabase.sessionStores)
    func updatesMergeKeyByKey(_ kind: SessionStoreUnderTest) async throws {
        try await kind.withStore { store in
            try await store.insert(Self.record("a"))
            try await store.update("a", applying: SessionChanges(setValues: ["cart": [1, 2]], sentNavigation: ["help"]))
            try await store.update("a", applying: SessionChanges(removedValues: ["user"], lastSeen: Self.start.addingTimeInterval(90)))
            let record = try #require(try await store.record(for: "a", activeSince: .distantPast))
            #expect(record.values == ["cart": [1, 2]])
            #expect(record.sentNavigation == ["main-menu", "help"])
            #expect(record.lastSeen == Self.start.addingTimeInterval(90))
            // A touch never moves last-seen backwards.
            try await store.update("a", applying: SessionChanges(lastSeen: Self.start))
            #expect(try await store.record(for: "a", activeSince: .distantPast)?.lastSeen == Self.start.addingTimeInterval(90))
            // A new version resets the navigation ids before adding the new ones.
            try await store.update("a", applying: SessionChanges(sentNavigation: ["x"], resetsNavigation: true, version: "2"))
            let reset = try #require(try await store.record(for: "a", activeSince: .distantPast))
            #expect(reset.sentNavigation == ["x"])
            #expect(reset.version == "2")
            // Unknown tokens are ignored.
            try await store.update("zzz", applying: SessionChanges(setValues: ["a": 1]))
            #expect(try await store.count() == 1)
        }
    }

    @Test(arguments: TestedDatabase.sessionStores)
    func purgeRemovesOnlyExpiredSessions(_ kind: SessionStoreUnderTest) async throws {
        try await kind.withStore { store in
            let old = (0..<2500).map { Self.record("old-\($0)", lastSeen: Self.start) }
            try await store.insert(contentsOf: old + [Self.record("fresh", lastSeen: Self.start.addingTimeInterval(3600))])
            let service = SessionPurgeService(store: store, idleTimeout: .seconds(1800), interval: .seconds(60),
                                              logger: LogCapture().logger, clock: { Self.start.addingTimeInterval(3600) })
            #expect(try await service.purge() == 2500)
            #expect(try await store.count() == 1)
            #expect(try await store.record(for: "fresh", activeSince: .distantPast) != nil)
        }
    }

    /// Many lookups at once (on PostgreSQL, read a batch at a time) each find their own session,
    /// and no other: unknown and expired tokens find none.
    @Test(arguments: TestedDatabase.sessionStores)
    func concurrentLookupsOfManySessionsEachFindTheirOwn(_ kind: SessionStoreUnderTest) async throws {
        try await kind.withStore { store in
            let records = (0..<60).map { index in
                var record = Self.record("s\(index)", lastSeen: Self.start.addingTimeInterval(Double(index)))
                record.values = ["index": .number(Double(index))]
                return record
            }
            try await store.insert(contentsOf: records)
            let cutoff = Self.start.addingTimeInterval(10)
            let found = try await withThrowingTaskGroup(of: (String, SessionRecord?).self) { group in
                for round in 0..<2 {
                    for index in 0..<60 {
                        group.addTask { ("s\(index)", try await store.record(for: "s\(index)", activeSince: cutoff)) }
                    }
                    group.addTask { ("unknown\(round)", try await store.record(for: "unknown\(round)", activeSince: .distantPast)) }
                }
                return try await group.reduce(into: [(String, SessionRecord?)]()) { $0.append($1) }
            }
            #expect(found.count == 122)
            for (token, record) in found {
                guard let index = Int(token.dropFirst()), token.hasPrefix("s") else {
                    #expect(record == nil, "\(token)")
                    continue
                }
                // Sessions 0–9 were last seen before the cutoff: expired.
                #expect(record == (index >= 10 ? records[index] : nil), "\(token)")
            }
        }
    }
}
