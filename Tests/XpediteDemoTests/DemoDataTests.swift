import Foundation
import GRDB
import HummingbirdTesting
import Testing
@testable import XpediteDemo
import XpediteServer
import XpediteTestFixtures

/// The database: seeding, determinism, restarts, the progress display.
@Suite struct DemoDataTests {
    /// Every customer row, in id order, as text.
    static func dump(_ database: DemoDatabase) async throws -> [String] {
        try await database.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT \(CustomerStore.columns) FROM customer ORDER BY id").map(\.description)
        }
    }

    @Test func seedingIsDeterministic() async throws {
        let first = try TemporaryDirectory("xpedite-demo")
        let second = try TemporaryDirectory("xpedite-demo")
        let one = try DemoDatabase(directory: first.url)
        let two = try DemoDatabase(directory: second.url)
        #expect(try await one.seedIfEmpty(count: 500)?.count == 500)
        #expect(try await two.seedIfEmpty(count: 500)?.count == 500)
        let rows = try await Self.dump(one)
        #expect(rows.count == 500)
        let again = try await Self.dump(two)
        #expect(rows == again)
        // Pinned, so a change to the generator is a visible decision.
        let customer = CustomerGenerator().customer(id: 120)
        #expect(customer.name == "Tariq Nakamura")
        #expect(customer.email == "tariq.nakamura120@example.com")
        #expect(customer.city == "Berlin")
        #expect(customer.since.description == "2011-10-27")
        try one.close()
        try two.close()
    }

    @Test func aSecondOpenDoesNotSeedAgain() async throws {
        let directory = try TemporaryDirectory("xpedite-demo")
        let database = try DemoDatabase(directory: directory.url)
        #expect(try await database.seedIfEmpty(count: 50) != nil)
        #expect(try await database.seedIfEmpty(count: 50) == nil)
        #expect(try await database.customerCount() == 50)
        try database.close()
    }

    @Test(arguments: DemoStoreKind.tested)
    func editsSurviveARestartAndResetSeedsAgain(_ kind: DemoStoreKind) async throws {
        try await kind.withConfiguration { configuration in try await Self.editsSurviveARestartAndResetSeedsAgain(configuration) }
    }

    static func editsSurviveARestartAndResetSeedsAgain(_ configuration: DemoConfiguration) async throws {
        let first = try await DemoServer.open(configuration)
        #expect(first.seedReport?.count == 100)
        try await first.makeApplication().test(.router) { client in
            let token = try await client.signedIn()
            let saved = try await client.call("saveCustomer", token, [
                "parameters": ["id": 5], "formdata": ["customer": DemoCustomerEditTests.form([:])],
            ])
            #expect(saved["title"] == "Ada Lovelace")
        }
        try first.close()

        let second = try await DemoServer.open(configuration)
        #expect(second.seedReport == nil)
        try await second.makeApplication().test(.router) { client in
            let token = try await client.signedIn()
            let detail = try await client.call("viewCustomer", token, ["selected": 5])
            #expect(detail["title"] == "Ada Lovelace")
            #expect(try await client.page(token, offset: 0)["data"]?.arrayValue?[4]["name"] == "Ada Lovelace")
        }
        try second.close()

        var reset = configuration
        reset.reset = true
        let third = try await DemoServer.open(reset)
        #expect(third.seedReport?.count == 100)
        try await third.makeApplication().test(.router) { client in
            let token = try await client.signedIn()  // the demo account is there again
            let detail = try await client.call("viewCustomer", token, ["selected": 5])
            #expect(detail["title"] == .string(CustomerGenerator().customer(id: 5).name))
        }
        try third.close()
    }

    @Test(arguments: DemoStoreKind.tested)
    func sessionsSurviveARestart(_ kind: DemoStoreKind) async throws {
        try await kind.withConfiguration { configuration in try await Self.sessionsSurviveARestart(configuration) }
    }

    static func sessionsSurviveARestart(_ configuration: DemoConfiguration) async throws {
        let first = try await DemoServer.open(configuration)
        let token = try await first.makeApplication().test(.router) { client in try await client.signedIn() }
        try first.close()
        let second = try await DemoServer.open(configuration)
        try await second.makeApplication().test(.router) { client in
            let dashboard = try await client.call("dashboard", token)
            #expect(dashboard["title"] == "Dashboard")
        }
        try second.close()
    }

    /// The full demo: 50,000 customers. The time is printed, never asserted.
    @Test(arguments: DemoStoreKind.tested)
    func seedsFiftyThousandCustomers(_ kind: DemoStoreKind) async throws {
        try await kind.withStore { store in
            let report = try #require(try await store.seedIfEmpty(count: 50_000) { _, _ in })
            print("Seeded \(report.count) customers on \(kind.rawValue) in \(report.duration)")
            #expect(try await store.customerCount() == 50_000)
            #expect(try await store.customer(id: 50_000) == CustomerGenerator().customer(id: 50_000))
        }
    }

    /// Two servers starting at once on one data directory (the two-server demo) get one key.
    @Test func serversStartingAtOnceOnOneDirectoryGetOneAPIKey() async throws {
        let directory = try TemporaryDirectory("xpedite-demo-key")
        let url = directory.url
        let keys = try await withThrowingTaskGroup(of: DemoAPIKey.self) { group in
            for _ in 0..<8 { group.addTask { try DemoAPIKey.resolve(given: nil, directory: url) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(keys.map(\.value)).count == 1)
        #expect(keys.filter { $0.source == .generated }.count == 1)
        #expect(keys.filter { $0.source == .file }.count == 7)
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path) == [DemoAPIKey.fileName])
    }

    @Test func progressIsABarOnATerminalAndLinesElsewhere() {
        let lines = SeedProgress(isTerminal: false)
        let shown = stride(from: 700, through: 50_000, by: 700).compactMap { lines.text(done: $0, total: 50_000) }
            + [lines.text(done: 50_000, total: 50_000)].compactMap { $0 }
        #expect(shown.count == 10)
        #expect(shown.first == "Seeding customers: 5600/50000 (11%)\n")
        #expect(shown.last == "Seeding customers: 50000/50000 (100%)\n")
        let bar = SeedProgress(isTerminal: true)
        #expect(bar.text(done: 25_000, total: 50_000)
                == "\rSeeding customers ███████████████░░░░░░░░░░░░░░░ 50% (25000/50000)")
        #expect(bar.text(done: 50_000, total: 50_000)?.hasSuffix("100% (50000/50000)\n") == true)
    }

    @Test(arguments: [
        ("Tom & Jerry <b>\"hi\"</b> 'x'", "Tom &amp; Jerry &lt;b&gt;&quot;hi&quot;&lt;/b&gt; &#39;x&#39;"),
        ("plain", "plain"),
        ("", ""),
    ])
    func markupIsEscaped(text: String, escaped: String) {
        #expect(Markup.escape(text) == escaped)
    }

    @Test(arguments: [("", false), ("a@b.c", true), ("a@b", false), ("@b.c", false), ("a b@c.d", false),
                      ("a@b..c", false), ("ada@example.com", true)])
    func emailCheck(text: String, valid: Bool) {
        #expect(CustomerDraft.looksLikeEmail(text) == valid)
    }

    @Test func numbersAreGrouped() {
        #expect(Numbers.grouped(50_000) == "50,000")
        #expect(Numbers.grouped(999) == "999")
        #expect(Numbers.grouped(1_234_567) == "1,234,567")
        #expect(Numbers.grouped(-1_000) == "-1,000")
        #expect(Numbers.oneDecimal(49.46) == "49.5")
    }
}
