import Foundation
import PostgresNIO
import Testing
import XpeditePostgres
import XpeditePostgresTesting
import XpediteProtocol

/// `xpedite demo --database`: the notification stores and the sessions in PostgreSQL, the
/// customers still in the data directory; a bad URL stops the demo at start-up (exit 2).
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

    @Test(.enabled(if: TestDatabaseServer.isConfigured, "needs XPEDITE_TEST_DATABASE_URL (scripts/test)"))
    func theNotificationStoresAndSessionsGoToTheDatabase() async throws {
        try await TestDatabaseServer.withDatabaseURL { url in
            let directory = try TemporaryDirectory("xpedite-demo-db")
            let data = directory.url.appendingPathComponent("data").path
            let port = Int.random(in: 10_000..<32_768)
            let password = (url.password ?? "").addingPercentEncoding(withAllowedCharacters: .urlPasswordAllowed) ?? ""
            let arguments = ["demo", "--port", "\(port)", "--data-dir", data, "--customers", "20", "--api-key", "k",
                             "--database", "postgres://\(url.username):\(password)@\(url.host):\(url.port)/\(url.database)"]
            let run = try await XpediteBinary.command(arguments).withRunning { demo in
                let started = try await DemoCommandTests.started(demo)
                #expect(started, "stdout: \(demo.stdout)\nstderr: \(demo.stderr)")
                let answer = try await DemoCommandTests.connect(port: port)
                #expect(answer["title"] == "Sign in")
                await demo.stop(.interrupt, grace: .seconds(30))
            }.result
            #expect(run.status == 0, "\(run.stderr)")
            let database = try await PostgresStoreDatabase.connect(url)
            let counts = try await Self.counts(database)
            await database.close()
            #expect(counts.sessions == 1)                 // the setConnection above
            #expect(counts.users == 1)                    // the demo account
            let files = try FileManager.default.contentsOfDirectory(atPath: data)
            #expect(files.contains("demo.sqlite"))        // the customers stay in SQLite
            #expect(!files.contains("sessions.sqlite"))
            #expect(!FileManager.default.fileExists(atPath: data + "/notify/notify.sqlite"))
        }
    }

    static func counts(_ database: PostgresStoreDatabase) async throws -> (sessions: Int, users: Int) {
        let rows = try await database.client.query("""
            SELECT (SELECT count(*) FROM xpedite_session), (SELECT count(*) FROM notify_user)
            """, logger: database.logger)
        for try await (sessions, users) in rows.decode((Int, Int).self) { return (sessions, users) }
        return (-1, -1)
    }
}
