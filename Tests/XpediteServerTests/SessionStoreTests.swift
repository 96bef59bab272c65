import XpediteTestFixtures
import Foundation
import HummingbirdTesting
import ServiceLifecycle
import Testing
import XpeditePostgresSupport
import XpediteServerPostgres
import XpeditePostgresTesting
import XpediteServer
import XpediteServerSQLite
import XpediteStoreTesting
import XpediteTestSupport

/// The session stores in a server: concurrent requests on one session on every store, the SQLite
/// one surviving a restart, a session going on across two servers on one PostgreSQL database. The
/// cases that are the store's alone run on every store in SessionStoreConformanceTests.
@Suite struct SessionStoreTests {
    /// A fresh data directory under the system's temporary directory.
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("xpedite-tests-\(Session.makeToken())", isDirectory: true)
    }

    static let start = Date(timeIntervalSince1970: 1_744_531_200)

    static func record(_ token: String, lastSeen: Date = start) -> SessionRecord {
        SessionRecord(token: token, device: Device(bundleID: "xpedite.software", uuid: "U",
                                                   bounds: Bounds(width: 393, height: 852), xpediteVersion: 1),
                      createdAt: start, lastSeen: lastSeen, version: "1", values: ["user": ["name": "Alice", "id": 7]],
                      sentNavigation: ["main-menu"])
    }

    @Test func sqliteSessionsSurviveARestart() async throws {
        let directory = Self.temporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let clock = TestClock()
        let first = try SQLiteSessionStore(directory: directory)
        let token = try await CustomerTestApp.make(configuration: testConfiguration(clock: clock, store: first))
            .test { client in
                let (_, token) = try await client.connect()
                try await client.post(["method": "login", "token": .string(token), "parameters": ["name": "Alice"]])
                return token
            }
        try first.close()
        await #expect(throws: (any Error).self) { try await first.count() }  // a closed store refuses work
        // A new "process": a new store on the same directory, a new app.
        let second = try SQLiteSessionStore(directory: directory)
        #expect(second.path.hasSuffix("sessions.sqlite"))
        try await CustomerTestApp.make(configuration: testConfiguration(clock: clock, store: second)).test { client in
            let answer = try await client.post(["method": "whoami", "token": .string(token)])
            #expect(answer["token"] == .string(token))
            #expect(answer.labelTexts == ["Alice"])
        }
        // The file is in WAL mode: header bytes 18 and 19 (write and read versions) are 2.
        let header = try Data(contentsOf: directory.appendingPathComponent("sessions.sqlite")).prefix(20)
        #expect(header.starts(with: Data("SQLite format 3".utf8)))
        #expect(Array(header.suffix(2)) == [2, 2])
    }

    /// Two servers (two apps, each with its own connection pool) on one PostgreSQL database: a
    /// session created on one goes on on the other, and changes made on either are seen by both.
    @Test(.enabled(if: TestDatabaseServer.isConfigured, "needs the run's PostgreSQL server (scripts/test)"))
    func aSessionCreatedOnOneServerContinuesOnAnother() async throws {
        try await TestDatabaseServer.withDatabaseURL { url in
            let first = try await PostgresStoreDatabase.connect(url, maximumConnections: 4)
            let second = try await PostgresStoreDatabase.connect(url, maximumConnections: 4)
            let clock = TestClock()
            let serverA = CustomerTestApp.make(configuration: testConfiguration(
                clock: clock, store: try await PostgresSessionStore(database: first)))
            let serverB = CustomerTestApp.make(configuration: testConfiguration(
                clock: clock, store: try await PostgresSessionStore(database: second)))
            try await serverA.test { clientA in
                let (_, token) = try await clientA.connect()
                try await clientA.post(["method": "login", "token": .string(token), "parameters": ["name": "Alice"]])
                try await serverB.test { clientB in
                    let answer = try await clientB.post(["method": "whoami", "token": .string(token)])
                    #expect(answer["token"] == .string(token))
                    #expect(answer.labelTexts == ["Alice"])
                    try await clientB.post(["method": "setKey", "token": .string(token), "parameters": ["key": "fromB"]])
                }
                // Server A reads the value server B set, beside its own.
                let keys = try await clientA.post(["method": "keys", "token": .string(token)])
                let names = Set(keys.labelTexts.first?.split(separator: ",").map(String.init) ?? [])
                #expect(names.contains("fromB"))
                #expect(try await clientA.post(["method": "whoami", "token": .string(token)]).labelTexts == ["Alice"])
            }
            await first.close()
            await second.close()
        }
    }

    @Test func purgeServiceStopsOnGracefulShutdown() async throws {
        let store = InMemorySessionStore()
        try await store.insert(Self.record("old"))
        let service = SessionPurgeService(store: store, idleTimeout: .seconds(1), interval: .milliseconds(10),
                                          logger: LogCapture().logger, clock: { Self.start.addingTimeInterval(10) })
        let group = ServiceGroup(configuration: .init(services: [service], logger: LogCapture().logger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            while try await store.count() > 0 { try await Task.sleep(for: .milliseconds(5)) }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        #expect(try await store.count() == 0)
    }

    /// Lookups batched on one server see what another server committed before they were made
    /// (decision 291): one lookup query at a time on server B, many lookups waiting for it.
    @Test(.enabled(if: TestDatabaseServer.isConfigured, "needs the run's PostgreSQL server (scripts/test)"))
    func batchedLookupsSeeWhatAnotherServerCommittedBefore() async throws {
        try await TestDatabaseServer.withDatabaseURL { url in
            let first = try await PostgresStoreDatabase.connect(url, maximumConnections: 4)
            let second = try await PostgresStoreDatabase.connect(url, maximumConnections: 4)
            let serverA = try await PostgresSessionStore(database: first)
            let serverB = try await PostgresSessionStore(database: second, concurrentLookups: 1)
            try await serverA.insert(contentsOf: (0..<20).map { Self.record("t\($0)") })
            for step in 1...5 {
                // Server A changes every session, then server B looks them all up at once.
                for index in 0..<20 {
                    try await serverA.update("t\(index)", applying: SessionChanges(setValues: ["step": .number(Double(step))]))
                }
                let steps = try await withThrowingTaskGroup(of: JSONValue?.self) { group in
                    for index in 0..<20 {
                        group.addTask { try await serverB.record(for: "t\(index)", activeSince: .distantPast)?.values["step"] }
                    }
                    return try await group.reduce(into: [JSONValue?]()) { $0.append($1) }
                }
                #expect(steps == Array(repeating: .number(Double(step)), count: 20))
            }
            await first.close()
            await second.close()
        }
    }

    @Test(arguments: TestedDatabase.sessionStores)
    func concurrentRequestsOnOneSessionAreSafe(_ kind: SessionStoreUnderTest) async throws {
        try await kind.withStore { store in
            let app = CustomerTestApp.make(configuration: testConfiguration(store: store))
            try await application(app).test(.router) { client in
                let (_, token) = try await client.connect()
                let answers = try await withThrowingTaskGroup(of: JSONValue.self) { group in
                    for index in 0..<40 {
                        group.addTask {
                            try await client.post(["method": "setKey", "token": .string(token),
                                                   "parameters": ["key": .string("k\(index)")]])
                        }
                        group.addTask { try await client.post(["method": "whoami", "token": .string(token)]) }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(answers.count == 80)
                #expect(answers.allSatisfy { $0["rc"] == 0 && $0["token"] == .string(token) })
                let keys = try await client.post(["method": "keys", "token": .string(token)])
                let names = Set(keys.labelTexts.first?.split(separator: ",").map(String.init) ?? [])
                #expect(names == Set((0..<40).map { "k\($0)" }))
            }
        }
    }
}

/// Deletes a test's data directory; a failure is recorded, not ignored.
func removeTemporaryDirectory(_ directory: URL) {
    do {
        try FileManager.default.removeItem(at: directory)
    } catch {
        Issue.record(error, "could not remove \(directory.path)")
    }
}

extension XpediteApp {
    /// Runs `body` against this app through the router.
    func test<Value: Sendable>(_ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        try await application(self).test(.router, body)
    }
}
