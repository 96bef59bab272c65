import Foundation
import GRDB
import HummingbirdTesting
import PostgresNIO
import Synchronization
import Testing
import XpeditePostgresSupport
import XpediteServerPostgres
import XpeditePostgresTesting
import XpediteServerSQLite
import XpediteStoreTesting
import XpediteServer
import XpediteTestSupport

/// Table pages (docs/protocol/tables.md): offset/limit, the `max` rule, keyset paging over SQLite
/// and PostgreSQL.
@Suite struct TableTests {
    @Test func pagingFollowsTheMaxRule() async throws {
        let app = CustomerTestApp.make(configuration: testConfiguration())
        try await application(app).test(.router) { client in
            let (_, token) = try await client.connect()
            // docs/protocol/README.md#a-complete-screen: 57 rows come as 40 + 17; `max` only on the
            // partial batch.
            let first = try await client.post(["method": "listCustomers", "token": .string(token), "offset": 0, "limit": 40])
            #expect(first["rc"] == 0)
            #expect(first["token"] == .string(token))
            #expect(first["data"]?.arrayValue?.count == 40)
            #expect(first["data"]?.arrayValue?.first == ["id": 1, "name": "Customer 1"])
            #expect(first["max"] == 57)
            #expect(first["components"] == nil)
            let second = try await client.post(["method": "listCustomers", "token": .string(token), "offset": 40, "limit": 40])
            #expect(second["data"]?.arrayValue?.count == 17)
            #expect(second["data"]?.arrayValue?.first?["id"] == 41)
            #expect(second["max"] == nil)
            let beyond = try await client.post(["method": "listCustomers", "token": .string(token), "offset": 57])
            #expect(beyond["data"] == [])
            #expect(beyond["max"] == nil)
        }
    }

    @Test func limitDefaultsTo40AndIsCapped() async throws {
        var configuration = testConfiguration()
        configuration.maximumPageLimit = 10
        var app = XpediteApp(configuration: configuration)
        app.onConnect { _ in ResponsePacket(components: []) }
        app.on("pages") { call in
            TablePage(rows: [["offset": .number(Double(call.page.offset)), "limit": .number(Double(call.page.limit))]])
        }
        try await application(app).test(.router) { client in
            let (_, token) = try await client.connect()
            let capped = try await client.post(["method": "pages", "token": .string(token), "offset": 5, "limit": 1000])
            #expect(capped["data"] == [["offset": 5, "limit": 10]])
        }
        #expect(PageRequest(request: RequestPacket(method: "x")).limit == 40)
        #expect(PageRequest(request: RequestPacket(method: "x"), defaultLimit: 25).limit == 25)
    }

    @Test func tableErrorsAreDataResponses() async throws {
        let app = CustomerTestApp.make(configuration: testConfiguration())
        try await application(app).test(.router) { client in
            let (_, token) = try await client.connect()
            let answer = try await client.post(["method": "brokenTable", "token": .string(token), "offset": 0, "limit": 40])
            #expect(answer["rc"] == "The list is unavailable")
            #expect(answer["data"] == [])
            #expect(answer["components"] == nil)
        }
    }

    @Test func dataRequestWithAnExpiredTokenDoesNotMakeASession() async throws {
        let app = CustomerTestApp.make(configuration: testConfiguration())
        try await application(app).test(.router) { client in
            let answer = try await client.post(["method": "listCustomers", "token": "dead", "offset": 0, "limit": 40])
            #expect(answer["rc"] == "Your session has expired.")
            #expect(answer["data"] == [])
            #expect(answer["token"] == nil)
        }
    }

    @Test func tablePageInitialisers() throws {
        let rows: [JSONObject] = (0..<10).map { ["n": .number(Double($0))] }
        #expect(TablePage(rows: Array(rows[0..<5]), total: 10, page: PageRequest(offset: 0, limit: 5)).max == 10)
        #expect(TablePage(rows: Array(rows[5..<10]), total: 10, page: PageRequest(offset: 5, limit: 5)).max == nil)
        #expect(TablePage(rows: Array(rows[0..<5]), hasMore: true, page: PageRequest(offset: 20, limit: 5)).max == 26)
        #expect(TablePage(rows: [], hasMore: true, page: PageRequest(offset: 20, limit: 5)).max == nil)
        let sliced = TablePage(slicing: rows, page: PageRequest(offset: 8, limit: 5))
        #expect(sliced.rows.count == 2 && sliced.max == nil)
        struct Row: Encodable { var id: Int; var name: String }
        let encoded = try TablePage(encoding: [Row(id: 1, name: "A")], total: 3, page: PageRequest(offset: 0, limit: 1))
        #expect(encoded.rows == [["id": 1, "name": "A"]])
        #expect(encoded.max == 3)
        #expect(throws: EncodingError.self) { try TablePage(encoding: [1, 2], total: 2, page: PageRequest()) }
    }

    @Test func keptRecordsAnswerTheSameBytesAndBrokenPagesAreStillRefused() async throws {
        struct Row: Encodable { var id: Int; var name: String; var city: String }
        let rows = (1...30).map { Row(id: $0, name: "Customer \($0)", city: $0 % 2 == 0 ? "Gdańsk" : "a/\"b\"\n") }
        let kept = try rows.map(TablePage.record(encoding:))
        let plain = try TablePage(encoding: rows, total: rows.count, page: PageRequest(offset: 0, limit: 30)).rows
        #expect(kept.allSatisfy(\.isPreEncoded) && !plain.contains(where: \.isPreEncoded))
        #expect(kept == plain)
        let logs = LogCapture()
        var app = XpediteApp(configuration: testConfiguration(logs: logs))
        app.onConnect { _ in ResponsePacket(components: []) }
        app.on("kept") { call in TablePage(slicing: kept, page: call.page) }
        app.on("plain") { call in TablePage(slicing: plain, page: call.page) }
        app.on("broken") { _ in TablePage(rows: kept, max: -1) }
        let endpoint = try app.makeEndpoint()
        let connect = try JSONValue(parsing: await endpoint.respond(to: Data(
            #"{"method":"setConnection","bundleID":"t","uuid":"u","bounds":"(0, 0, 393, 852)","xpediteVersion":1}"#.utf8)))
        let token = try #require(connect["token"]?.stringValue)
        func page(_ method: String) async -> Data {
            await endpoint.respond(to: Data(#"{"method":"\#(method)","token":"\#(token)","offset":5,"limit":10}"#.utf8))
        }
        let keptAnswer = await page("kept")
        #expect(keptAnswer == (await page("plain")))
        let expected = DataResponse(rc: .ok, data: .rows(Array(plain[5..<15])), max: 30, token: token)
        #expect(keptAnswer == expected.canonicalData())
        // Validation still sees what the rows leave out of the check: `max` below 0 is refused.
        let broken = try JSONValue(parsing: await page("broken"))
        #expect(broken["data"] == [])
        #expect(broken["rc"]?.stringValue?.hasPrefix("Something went wrong") == true)
        #expect(logs.lines.contains { $0.message.contains("breaks the protocol") })
    }

    /// A database of `count` rows with gaps in the ids, so offsets and keys differ.
    static func makeDatabase(count: Int) throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL, note TEXT)")
            for index in 1...count {
                try db.execute(sql: "INSERT INTO item (id, name, price, note) VALUES (?, ?, ?, NULL)",
                               arguments: [index * 3, "Item \(index)", Double(index) / 2])
            }
        }
        return queue
    }

    /// Through the pager, every database's source (XpediteStoreTesting) walks the rows; the
    /// sources alone are checked in KeysetSourceConformanceTests.
    @Test(arguments: TestedDatabase.available)
    func keysetPagingWalksEveryRowOnceAndFallsBackToOffset(_ tested: TestedDatabase) async throws {
        try await tested.database.withItems(count: 95) { source, _ in
            try await Self.walk(source)
        }
    }

    /// Asking for the first page again sets the cursor the session already holds: nothing is
    /// written; the next page moves the cursor, which is written.
    @Test func theSameCursorIsNotWrittenAgain() async throws {
        let store = CountingSessionStore()
        var app = XpediteApp(configuration: testConfiguration(store: store))
        app.onConnect { _ in ResponsePacket(components: []) }
        let database = try Self.makeDatabase(count: 95)
        app.on("items") { call in
            try await KeysetPaging(Table("item").all(), key: "id", in: database).page(for: call)
        }
        try await application(app).test(.router) { client in
            let (_, token) = try await client.connect()
            let first: [String: JSONValue] = ["method": "items", "token": .string(token), "offset": 0, "limit": 40]
            _ = try await client.post(first)
            #expect(store.updates.withLock { $0 } == 1)
            _ = try await client.post(first)
            _ = try await client.post(first)
            #expect(store.updates.withLock { $0 } == 1)
            let second = try await client.post(["method": "items", "token": .string(token), "offset": 40, "limit": 40])
            #expect(second["data"]?.arrayValue?.first?["id"] == 123)
            #expect(store.updates.withLock { $0 } == 2)
        }
    }

    /// SQLite rows of every storage class become the records their values say, whatever the
    /// order of the selected columns.
    @Test func sqliteRecordsHoldEveryStorageClass() async throws {
        let database = try DatabaseQueue()
        try await database.write { db in
            try db.execute(sql: "CREATE TABLE mixed (id INTEGER PRIMARY KEY, zeta TEXT, alpha REAL, blob BLOB, \"Upper\" INTEGER)")
            try db.execute(sql: "INSERT INTO mixed VALUES (1, 'z/\"q\"', 2.5, x'00ff', NULL), (2, NULL, -1, NULL, 7)")
        }
        let source = SQLiteKeysetSource(Table("mixed").select(Column("zeta"), Column("id"), Column("Upper"), Column("blob"),
                                                              Column("alpha")), key: "id", in: database)
        let batch = try await source.rows(from: .offset(0), limit: 5)
        #expect(batch.records == [["id": 1, "zeta": "z/\"q\"", "alpha": 2.5, "blob": "AP8=", "Upper": nil],
                                  ["id": 2, "zeta": nil, "alpha": -1, "blob": nil, "Upper": 7]])
        #expect(batch.lastKey == 2 && !batch.hasMore)
        let answer = DataResponse(rc: .ok, data: .rows(batch.records), token: "t").canonicalData()
        #expect(String(decoding: answer, as: UTF8.self).hasPrefix(
            #"{"data":[{"Upper":null,"alpha":2.5,"blob":"AP8=","id":1,"zeta":"z/\"q\""}"#))
    }

    /// PostgreSQL rows read from their binary values are the records `row_to_json` gives, for every
    /// type read that way; a page with a column of another type is read through `row_to_json`.
    @Test(.enabled(if: TestDatabaseServer.isConfigured))
    func postgresRecordsAreWhatRowToJSONGives() async throws {
        try await TestDatabaseServer.withDatabase { database in
            try await database.client.query("""
                CREATE TABLE typed (id BIGINT PRIMARY KEY, small SMALLINT, normal INTEGER, real_number REAL,
                    double_number DOUBLE PRECISION, flag BOOLEAN, text_value TEXT, short VARCHAR(10), fixed CHAR(4),
                    name_value NAME, identifier UUID)
                """)
            try await database.client.query("""
                INSERT INTO typed VALUES
                    (1, -3, 70000, 1.1, 0.1, true, 'Gdańsk "q" / \\ 中', 'v', 'ab', 'n', 'C0FFEE00-0000-4000-8000-000000000001'),
                    (2, NULL, NULL, -2.5e-7, 1e300, false, '', NULL, NULL, NULL, NULL),
                    (9007199254740993, 32767, -2147483648, 3.4e38, -0.0, NULL, 'x', 'y', 'abcd', 'm', NULL)
                """)
            try await database.client.query("CREATE TABLE other (id BIGINT PRIMARY KEY, data BYTEA, amount NUMERIC, doc JSONB)")
            try await database.client.query("""
                INSERT INTO other VALUES (1, '\\x00ff', 12.50, '{"b": [1, null], "a": "x"}'), (2, NULL, NULL, NULL)
                """)
            for (table, columns) in [("typed", ["small", "normal", "real_number", "double_number", "flag", "text_value", "short",
                                                "fixed", "name_value", "identifier"]),
                                     ("other", ["data", "amount", "doc"])] {
                let batch = try await PostgresKeysetSource(database, table: table, columns: columns, key: "id")
                    .rows(from: .offset(0), limit: 10)
                var expected: [JSONObject] = []
                let selection = (["id"] + columns).joined(separator: ", ")
                for try await text in try await database.client.query(PostgresQuery(unsafeSQL:
                    "SELECT row_to_json(page)::text FROM (SELECT \(selection) FROM \(table) ORDER BY id) AS page")).decode(String.self) {
                    guard case .object(let record) = try JSONValue(parsing: text) else { Issue.record("not an object"); return }
                    expected.append(record)
                }
                #expect(batch.records == expected, "\(table)")
                #expect(batch.records.count == (table == "typed" ? 3 : 2))
            }
        }
    }

    static func walk(_ source: any KeysetRowSource) async throws {
        var app = XpediteApp(configuration: testConfiguration())
        app.onConnect { _ in ResponsePacket(components: []) }
        app.on("items") { call in
            try await KeysetPaging(source).page(for: call)
        }
        app.on("keys") { call in ResponsePacket(components: [.label(.init(text: call.session.valueNames.joined()))]) }
        try await application(app).test(.router) { client in
            let (_, token) = try await client.connect()
            var ids: [Int] = []
            var offset = 0
            while true {
                let page = try await client.post(["method": "items", "token": .string(token), "offset": .number(Double(offset)),
                                                  "limit": 40])
                let rows = try #require(page["data"]?.arrayValue)
                ids += rows.compactMap { $0["id"]?.intValue }
                offset += rows.count
                if page["max"] == nil { break }
                #expect(try #require(page["max"]?.intValue) > offset)
            }
            #expect(ids == (1...95).map { $0 * 3 })
            // The cursor lives in the session.
            let keys = try await client.post(["method": "keys", "token": .string(token)])
            #expect(keys.labelTexts == ["xpedite.keyset.items"])
            // A jump to an offset the cursor does not know reads with OFFSET.
            let jump = try await client.post(["method": "items", "token": .string(token), "offset": 10, "limit": 2])
            #expect(jump["data"] == [["id": 33, "name": "Item 11", "price": 5.5, "note": nil],
                                     ["id": 36, "name": "Item 12", "price": 6, "note": nil]])
            // And the next page after the jump seeks from there.
            let next = try await client.post(["method": "items", "token": .string(token), "offset": 12, "limit": 2])
            #expect(next["data"]?.arrayValue?.compactMap { $0["id"]?.intValue } == [39, 42])
        }
    }
}

/// Sessions in memory, counting the change sets written.
final class CountingSessionStore: SessionStore {
    let base = InMemorySessionStore()
    let updates = Mutex(0)

    func insert(_ record: SessionRecord) async throws { try await base.insert(record) }
    func record(for token: String, activeSince cutoff: Date) async throws -> SessionRecord? {
        try await base.record(for: token, activeSince: cutoff)
    }
    func update(_ token: String, applying changes: SessionChanges) async throws {
        updates.withLock { $0 += 1 }
        try await base.update(token, applying: changes)
    }
    func removeSession(_ token: String) async throws { try await base.removeSession(token) }
    func removeSessions(inactiveSince cutoff: Date) async throws -> Int { try await base.removeSessions(inactiveSince: cutoff) }
    func count() async throws -> Int { try await base.count() }
}
