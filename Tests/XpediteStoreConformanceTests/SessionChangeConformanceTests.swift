import Foundation
import Testing
import XpediteServer
import XpediteStoreTesting

/// Change sets applied in place (SQLite: one `UPDATE` with `json_set`/`json_remove`; PostgreSQL:
/// `jsonb`'s `-` and `||`), for every kind of value and key name, give the same record in every store.
@Suite struct SessionChangeConformanceTests {
    /// Keys SQLite's JSON paths can address, and keys they cannot (quote, backslash, control).
    static let awkwardNames = ["plain", "with space", "dot.ted", "$dollar", "ünï", "quote\"d", "back\\slash", "new\nline"]

    @Test(arguments: TestedDatabase.sessionStores)
    func valuesOfEveryKindAndNameRoundTrip(_ kind: SessionStoreUnderTest) async throws {
        try await kind.withStore { store in
            try await store.insert(SessionStoreConformanceTests.record("a"))
            let value: JSONValue = ["nested": ["list": [1, 2.5, -0.125, "x/y \"q\"", nil, true]], "big": 9_007_199_254_740_992,
                                    "text": "tab\t中😀"]
            for name in Self.awkwardNames {
                try await store.update("a", applying: SessionChanges(setValues: [name: value]))
            }
            let record = try #require(try await store.record(for: "a", activeSince: .distantPast))
            #expect(Set(record.values.keys) == Set(Self.awkwardNames + ["user"]))
            for name in Self.awkwardNames { #expect(record.values[name] == value, "\(name)") }

            // Replacing a value replaces it whole (an object is not merged into the old one).
            try await store.update("a", applying: SessionChanges(setValues: ["plain": ["only": 1], "quote\"d": 2],
                                                                 removedValues: ["user", "back\\slash"]))
            let changed = try #require(try await store.record(for: "a", activeSince: .distantPast))
            #expect(changed.values["plain"] == ["only": 1])
            #expect(changed.values["quote\"d"] == 2)
            #expect(changed.values["user"] == nil && changed.values["back\\slash"] == nil)
            #expect(changed.values.count == Self.awkwardNames.count - 1)
            // Untouched columns stay as they were.
            #expect(changed.device == SessionStoreConformanceTests.record("a").device)
            #expect(changed.sentNavigation == ["main-menu"])
        }
    }

    @Test(arguments: TestedDatabase.sessionStores)
    func navigationIdsMergeWithoutDuplicates(_ kind: SessionStoreUnderTest) async throws {
        try await kind.withStore { store in
            try await store.insert(SessionStoreConformanceTests.record("a"))
            try await store.update("a", applying: SessionChanges(sentNavigation: ["main-menu", "help", "id \"q\""]))
            try await store.update("a", applying: SessionChanges(sentNavigation: ["help", "more"]))
            #expect(try await store.record(for: "a", activeSince: .distantPast)?.sentNavigation
                == ["main-menu", "help", "id \"q\"", "more"])
            // A reset alone empties the list; with ids, only those remain.
            try await store.update("a", applying: SessionChanges(resetsNavigation: true))
            #expect(try await store.record(for: "a", activeSince: .distantPast)?.sentNavigation == [])
            try await store.update("a", applying: SessionChanges(sentNavigation: ["z"], resetsNavigation: true))
            #expect(try await store.record(for: "a", activeSince: .distantPast)?.sentNavigation == ["z"])
        }
    }

    @Test(arguments: TestedDatabase.sessionStores)
    func everyChangeAtOnce(_ kind: SessionStoreUnderTest) async throws {
        try await kind.withStore { store in
            var expected = SessionStoreConformanceTests.record("a")
            try await store.insert(expected)
            let changes = SessionChanges(setValues: ["cart": [1, 2], "user": "Bob"], removedValues: ["gone"],
                                         sentNavigation: ["x", "y"], resetsNavigation: true, version: "3",
                                         lastSeen: SessionStoreConformanceTests.start.addingTimeInterval(60))
            try await store.update("a", applying: changes)
            expected.apply(changes)
            #expect(try await store.record(for: "a", activeSince: .distantPast) == expected)
        }
    }
}
