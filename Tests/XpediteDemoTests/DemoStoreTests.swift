import Foundation
import Testing
@testable import XpediteDemo
import XpeditePostgresSupport
import XpeditePostgresTesting
import XpediteServer

/// The demo's store, written once and run on SQLite and on PostgreSQL: seeding, the customer
/// rows the table pages through, the search, and the credit changes with their answers.
@Suite struct DemoStoreTests {
    static let generator = CustomerGenerator()
    static let date = Date(timeIntervalSince1970: 1_779_000_000)

    /// An answer to the approval message `messageId` of change `changeId`, as the notifier publishes it.
    static func decision(_ changeId: Int64, messageId: String, approve: Bool, reason: String? = nil) throws
        -> ApprovalDecision {
        var values = JSONObject()
        if let reason { values[CreditApprovalPayload.reasonID] = .string(reason) }
        return try #require(ApprovalDecision([
            "messageId": .string(messageId), "username": .string(DemoAccount.username),
            "state": ["changeId": .number(Double(changeId))],
            "submitValue": .number(Double(approve ? ApprovalDecision.approveValue : ApprovalDecision.rejectValue)),
            "values": .object(values),
        ]))
    }

    /// Every row of the table for `search`, read by keyset batches of 50 as the session reads them.
    static func allRows(_ store: any DemoStore, search: String?) async throws -> [JSONObject] {
        let source = store.customerRows(search: search)
        var rows: [JSONObject] = []
        var batch = try await source.rows(from: .offset(0), limit: 50)
        rows += batch.records
        while batch.hasMore, let last = batch.lastKey {
            batch = try await source.rows(from: .after(last), limit: 50)
            rows += batch.records
        }
        return rows
    }

    @Test(arguments: DemoStoreKind.tested)
    func seedsOnceTheSameCustomersAndNewOnesComeAfter(_ kind: DemoStoreKind) async throws {
        try await kind.withStore { store in
            #expect(try await store.customerCount() == 0)
            #expect(try await store.seedIfEmpty(count: 300) { _, _ in }?.count == 300)
            #expect(try await store.seedIfEmpty(count: 300) { _, _ in } == nil)
            #expect(try await store.customerCount() == 300)
            for id in [1, 7, 120, 300] {
                #expect(try await store.customer(id: id) == Self.generator.customer(id: id))
            }
            #expect(try await store.customer(id: 301) == nil)
            var added = Self.generator.customer(id: 1)
            added.name = "Ada Lovelace"
            added.creditLimit = 1_000
            let outcome = try await store.insert(added, threshold: 50_000, requestedBy: "demo", at: Self.date)
            added.id = 301
            #expect(outcome == .saved(added))
            #expect(try await store.customer(id: 301) == added)
        }
    }

    @Test(arguments: DemoStoreKind.tested)
    func theTableReadsIdNameCityAndScoreInKeysetBatches(_ kind: DemoStoreKind) async throws {
        try await kind.withStore { store in
            _ = try await store.seedIfEmpty(count: 100) { _, _ in }
            let source = store.customerRows(search: nil)
            let first = try await source.rows(from: .offset(0), limit: 40)
            #expect(first.records.compactMap { $0["id"]?.intValue } == Array(1...40))
            #expect(first.hasMore)
            #expect(first.lastKey == 40)
            let customer = Self.generator.customer(id: 1)
            #expect(first.records.first == JSONObject(["id": 1, "name": .string(customer.name),
                                                       "city": .string(customer.city),
                                                       "score": .number(Double(customer.score))]))
            let next = try await source.rows(from: .after(40), limit: 40)
            #expect(next.records.compactMap { $0["id"]?.intValue } == Array(41...80))
            let last = try await source.rows(from: .offset(80), limit: 40)
            #expect(last.records.compactMap { $0["id"]?.intValue } == Array(81...100))
            #expect(!last.hasMore)
        }
    }

    /// ASCII letters in either case, anything else only itself; `%`, `_` and `\` literally.
    @Test(arguments: DemoStoreKind.tested)
    func theSearchMatchesTheSameOnEveryStore(_ kind: DemoStoreKind) async throws {
        try await kind.withStore { store in
            _ = try await store.seedIfEmpty(count: 400) { _, _ in }
            let customers = (1...400).map(Self.generator.customer(id:))
            for search in ["chloé", "CHLOé", "CHLOÉ", "PARIS", "são", "o'b", "ZOË", "e.c", "%", "_", "\\", "a%b", "120@"] {
                let expected = customers.filter { customer in
                    [customer.name, customer.email, customer.city].contains { Self.asciiFolded($0).contains(Self.asciiFolded(search)) }
                }.map(\.id)
                let found = try await Self.allRows(store, search: search).compactMap { $0["id"]?.intValue }
                #expect(found == expected, "search \(search)")
            }
            #expect(try await Self.allRows(store, search: "").count == 400)
            #expect(try await Self.allRows(store, search: "chlo").count > 0)
        }
    }

    /// Lowercases ASCII letters only, as SQLite's `LIKE` compares.
    static func asciiFolded(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
        }))
    }

    @Test(arguments: DemoStoreKind.tested)
    func aLimitAboveTheThresholdWaitsForItsAnswerAppliedOnce(_ kind: DemoStoreKind) async throws {
        try await kind.withStore { store in
            _ = try await store.seedIfEmpty(count: 20) { _, _ in }
            let seeded = Self.generator.customer(id: 7)
            var edited = seeded
            edited.creditLimit = 75_000
            guard case .held(let held, let change) = try await store.save(edited, threshold: 50_000, requestedBy: "demo",
                                                                           at: Self.date) else {
                Issue.record("not held")
                return
            }
            #expect(held.creditLimit == seeded.creditLimit)
            #expect(change.state == .pending && change.oldLimit == seeded.creditLimit && change.newLimit == 75_000)
            try await store.attach(messageId: "m1", to: change.id)
            #expect(try await store.latestChange(customerId: 7)?.messageId == "m1")
            #expect(try await store.customer(id: 7)?.creditLimit == seeded.creditLimit)

            let approval = try Self.decision(change.id, messageId: "m1", approve: true, reason: "Checked")
            guard case .approved(let approved) = try await store.apply(approval, cursor: 5, topic: "t", at: Self.date) else {
                Issue.record("not approved")
                return
            }
            #expect(approved.decidedBy == DemoAccount.username && approved.reason == "Checked")
            #expect(try await store.change(id: change.id) == approved)
            #expect(try await store.customer(id: 7)?.creditLimit == 75_000)
            #expect(try await store.cursor(topic: "t") == 5)
            #expect(try await store.cursor(topic: "other") == 0)
            // The same answer again, and an answer of another message for the change: nothing.
            #expect(try await store.apply(approval, cursor: 6, topic: "t", at: Self.date) == .ignored)
            #expect(try await store.apply(nil, cursor: 7, topic: "t", at: Self.date) == .ignored)
            #expect(try await store.cursor(topic: "t") == 7)

            // Rejected: the limit stays. Superseded: a later save of the limit wins.
            edited.creditLimit = 90_000
            guard case .held(_, let second) = try await store.save(edited, threshold: 50_000, requestedBy: "demo",
                                                                    at: Self.date) else {
                Issue.record("not held")
                return
            }
            let rejection = try Self.decision(second.id, messageId: "m2", approve: false)
            #expect(try await store.apply(rejection, cursor: 8, topic: "t", at: Self.date).isRejected)
            #expect(try await store.customer(id: 7)?.creditLimit == 75_000)
            guard case .held(_, let third) = try await store.save(edited, threshold: 50_000, requestedBy: "demo",
                                                                   at: Self.date) else {
                Issue.record("not held")
                return
            }
            edited.creditLimit = 1_000
            #expect(try await store.save(edited, threshold: 50_000, requestedBy: "demo", at: Self.date) == .saved(edited))
            #expect(try await store.change(id: third.id)?.state == .superseded)
            #expect(try await store.apply(try Self.decision(third.id, messageId: "m3", approve: true), cursor: 9, topic: "t",
                                          at: Self.date) == .ignored)
            #expect(try await store.customer(id: 7)?.creditLimit == 1_000)

            // A change whose request could not be sent is withdrawn; a missing customer is said so.
            edited.creditLimit = 60_000
            guard case .held(_, let fourth) = try await store.save(edited, threshold: 50_000, requestedBy: "demo",
                                                                    at: Self.date) else {
                Issue.record("not held")
                return
            }
            try await store.withdraw(fourth.id)
            #expect(try await store.change(id: fourth.id) == nil)
            edited.id = 999
            #expect(try await store.save(edited, threshold: 50_000, requestedBy: "demo", at: Self.date) == .missing)

            // Reset: the seeded customers again, no changes, no cursor.
            #expect(try await store.reset(count: 20) { _, _ in }.count == 20)
            #expect(try await store.customer(id: 7) == seeded)
            #expect(try await store.latestChange(customerId: 7) == nil)
            #expect(try await store.cursor(topic: "t") == 0)
        }
    }

    /// Several listeners applying one answer at once (two servers woken by it): applied once.
    @Test(arguments: DemoStoreKind.tested)
    func concurrentAppliesOfOneAnswerApplyItOnce(_ kind: DemoStoreKind) async throws {
        try await kind.withStore { store in
            _ = try await store.seedIfEmpty(count: 10) { _, _ in }
            var edited = Self.generator.customer(id: 3)
            edited.creditLimit = 80_000
            guard case .held(_, let change) = try await store.save(edited, threshold: 50_000, requestedBy: "demo",
                                                                    at: Self.date) else {
                Issue.record("not held")
                return
            }
            let approval = try Self.decision(change.id, messageId: "m1", approve: true)
            let outcomes = try await withThrowingTaskGroup(of: CreditApplyOutcome.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await store.apply(approval, cursor: 1, topic: "t", at: Self.date) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { if case .approved = $0 { true } else { false } }.count == 1)
            #expect(outcomes.filter { $0 == .ignored }.count == 7)
            #expect(try await store.customer(id: 3)?.creditLimit == 80_000)
        }
    }

    /// Two servers starting at once on one PostgreSQL database (two connection pools): one seeds,
    /// the other waits for it and finds the customers.
    @Test(.enabled(if: TestDatabaseServer.isConfigured, "needs XPEDITE_TEST_DATABASE_URL (scripts/test)"))
    func twoServersStartingAtOnceSeedOnce() async throws {
        try await TestDatabaseServer.withDatabaseURL { url in
            let one = try await PostgresStoreDatabase.connect(url, maximumConnections: 2)
            let two = try await PostgresStoreDatabase.connect(url, maximumConnections: 2)
            let result: Result<Void, any Error>
            do {
                async let first = PostgresDemoStore(database: one).seedIfEmpty(count: 12_000) { _, _ in }
                async let second = PostgresDemoStore(database: two).seedIfEmpty(count: 12_000) { _, _ in }
                let reports = try await [first, second]
                #expect(reports.compactMap { $0 }.map(\.count) == [12_000])
                let store = try await PostgresDemoStore(database: one)
                #expect(try await store.customerCount() == 12_000)
                #expect(try await store.customer(id: 12_000) == Self.generator.customer(id: 12_000))
                result = .success(())
            } catch {
                result = .failure(error)
            }
            await one.close()
            await two.close()
            try result.get()
        }
    }
}

extension CreditApplyOutcome {
    var isRejected: Bool {
        if case .rejected = self { true } else { false }
    }
}
