import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PostgresNIO
import Testing
import XpeditePostgresSupport
import XpeditePostgresTesting
import XpediteProtocol

/// `xpedite demo --database`: the customers, the notification stores and the sessions in
/// PostgreSQL, shared by two demo processes; a bad URL stops the demo at start-up (exit 2).
@Suite struct DemoDatabaseTests {
    @Test func aDatabaseURLThatCannotBeReadStopsTheDemo() async throws {
        let directory = try TemporaryDirectory("xpedite-demo-db-url")
        let result = try await XpediteBinary.run([
            "demo", "--port", "\(Int.random(in: 10_000..<32_768))", "--data-dir", directory.url.path, "--customers", "10",
            "--database", "postgres://xpedite@127.0.0.1:99999/xpedite",
        ])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("xpedite: database (--database): invalid database URL:"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("demo.sqlite").path))
    }

    /// Two `xpedite demo` processes started at once on one database, as the README's two-server
    /// demo runs them: one seeds, both serve, a session signed in on one goes on through the other,
    /// and the data directories stay empty (the Web Push key is the database's too).
    @Test(.enabled(if: TestDatabaseServer.isConfigured, "needs XPEDITE_TEST_DATABASE_URL (scripts/test)"))
    func twoDemosOnOneDatabaseSeedOnceAndShareSessions() async throws {
        try await TestDatabaseServer.withDatabaseURL { url in
            let directory = try TemporaryDirectory("xpedite-demo-db")
            let password = (url.password ?? "").addingPercentEncoding(withAllowedCharacters: .urlPasswordAllowed) ?? ""
            let databaseURL = "postgres://\(url.username):\(password)@\(url.host):\(url.port)/\(url.database)"
            let portA = Int.random(in: 10_000..<21_000)
            let portB = Int.random(in: 21_000..<32_768)
            func arguments(_ port: Int, _ name: String) -> [String] {
                ["demo", "--port", "\(port)", "--data-dir", directory.url.appendingPathComponent(name).path,
                 "--customers", "2000", "--api-key", "k", "--database", databaseURL]
            }
            let runs = try await XpediteBinary.command(arguments(portA, "a")).withRunning { demoA in
                let runB = try await XpediteBinary.command(arguments(portB, "b")).withRunning { demoB in
                    let startedA = try await DemoCommandTests.started(demoA)
                    let startedB = try await DemoCommandTests.started(demoB)
                    #expect(startedA, "stdout: \(demoA.stdout)\nstderr: \(demoA.stderr)")
                    #expect(startedB, "stdout: \(demoB.stdout)\nstderr: \(demoB.stderr)")
                    let token = try #require(try await DemoCommandTests.connect(port: portA)["token"]?.stringValue)
                    let signedIn = try await Self.post(port: portA, [
                        "method": "signIn", "token": .string(token),
                        "formdata": ["signIn": ["email": "demo@xpedite.dev", "password": "demo1234"]],
                    ])
                    #expect(signedIn["title"] == "Customers")
                    #expect(try await Self.post(port: portB, ["method": "dashboard", "token": .string(token)])["title"]
                            == "Dashboard")
                    await demoB.stop(.interrupt, grace: .seconds(30))
                }.result
                await demoA.stop(.interrupt, grace: .seconds(30))
                return runB
            }
            let runA = runs.result
            let runB = runs.value
            #expect(runA.status == 0, "\(runA.stderr)")
            #expect(runB.status == 0, "\(runB.stderr)")
            #expect([runA.stdout, runB.stdout].filter { $0.contains("Seeded 2000 customers in ") }.count == 1)
            #expect(runA.stdout.contains("Data in PostgreSQL postgres://\(url.username)"), "\(runA.stdout)")
            let database = try await PostgresStoreDatabase.connect(url, maximumConnections: 2)
            let counts = try await Self.counts(database)
            await database.close()
            #expect(counts.customers == 2000)
            #expect(counts.sessions == 1)
            #expect(counts.users == 1)                    // the demo account
            for name in ["a", "b"] {
                // The customers, the notification stores, the sessions and the Web Push key are all
                // in the database, and the API key was given: the data directory holds nothing.
                let folder = directory.url.appendingPathComponent(name).path
                let files = FileManager.default.fileExists(atPath: folder)
                    ? try FileManager.default.contentsOfDirectory(atPath: folder) : []
                #expect(files.isEmpty, "\(files)")
            }
        }
    }

    /// Posts a packet to the demo on `port`; the parsed answer.
    static func post(port: Int, _ members: [String: JSONValue]) async throws -> JSONValue {
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/xpedite"))
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(CanonicalJSON.string(.object(JSONObject(members))).utf8)
        let (body, _) = try await URLSession.shared.data(for: request)
        return try JSONValue(parsing: body)
    }

    static func counts(_ database: PostgresStoreDatabase) async throws -> (customers: Int, sessions: Int, users: Int) {
        let rows = try await database.client.query("""
            SELECT (SELECT count(*) FROM demo_customer), (SELECT count(*) FROM xpedite_session),
                   (SELECT count(*) FROM notify_user)
            """, logger: database.logger)
        for try await (customers, sessions, users) in rows.decode((Int, Int, Int).self) { return (customers, sessions, users) }
        return (-1, -1, -1)
    }
}
