import Foundation
import NIOCore
import NIOPosix
import PostgresNIO
import Testing
import XpeditePostgresSupport
import XpeditePostgresTesting

/// Connecting at start-up: a clear error for a server that is not there, one that never answers,
/// a wrong password or TLS the server does not offer — each in bounded time, never a hang — and
/// migrations applied once under the advisory lock.
@Suite struct PostgresStoreDatabaseTests {
    /// A loopback port with nothing listening: bound, then closed.
    static func closedPort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(channel.localAddress?.port)
        try await channel.close()
        return port
    }

    @Test func aServerThatIsNotThereIsAClearError() async throws {
        let port = try await Self.closedPort()
        await #expect {
            try await PostgresStoreDatabase.connect("postgres://ann@127.0.0.1:\(port)/d?sslmode=disable")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("cannot connect to postgres://ann@127.0.0.1:\(port)/d?sslmode=disable: ")
                && error is PostgresDatabaseError
        }
    }

    /// A server that accepts the TCP connection and never says a word: the start-up gives up at
    /// the URL's connect_timeout with its own error.
    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let silent = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { _ in MultiThreadedEventLoopGroup.singleton.next().makeSucceededVoidFuture() }
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(silent.localAddress?.port)
        await #expect(throws: PostgresDatabaseError.timedOut(
            database: "postgres://ann@127.0.0.1:\(port)/d?sslmode=disable", seconds: 1)) {
            try await PostgresStoreDatabase.connect("postgres://ann@127.0.0.1:\(port)/d?sslmode=disable&connect_timeout=1")
        }
        try await silent.close()
    }

    @Test(.enabled(if: TestDatabaseServer.isConfigured, "needs the run's PostgreSQL server (scripts/test)"))
    func aWrongPasswordIsTheServersMessage() async throws {
        var url = try PostgresDatabaseURL(try #require(TestDatabaseServer.url))
        url.connectTimeout = .seconds(60)  // a loaded test machine authenticates slowly
        url.password = "wrong"
        await #expect {
            try await PostgresStoreDatabase.connect(url)
        } throws: { error in
            "\(error)".contains("password authentication failed") && !"\(error)".contains("wrong")
        }
    }

    /// The test server offers no TLS: `sslmode=require` refuses to go on without it, where
    /// `prefer` connects in the clear.
    @Test(.enabled(if: TestDatabaseServer.isConfigured, "needs the run's PostgreSQL server (scripts/test)"))
    func sslmodeRequireIsHonoured() async throws {
        var url = try PostgresDatabaseURL(try #require(TestDatabaseServer.url))
        url.connectTimeout = .seconds(60)  // a loaded test machine authenticates slowly
        url.tlsMode = .require
        await #expect(throws: PostgresDatabaseError.self) {
            try await PostgresStoreDatabase.connect(url)
        }
        url.tlsMode = .prefer
        let database = try await PostgresStoreDatabase.connect(url)
        await database.close()
    }

    static let migrations = [
        PostgresMigration(version: 1, name: "things", statements: ["CREATE TABLE thing (id INTEGER PRIMARY KEY)"]),
        PostgresMigration(version: 2, name: "names", statements: ["ALTER TABLE thing ADD COLUMN name TEXT"]),
    ]

    /// Eight servers starting at once on one database: each migration is applied once.
    @Test(.enabled(if: TestDatabaseServer.isConfigured, "needs the run's PostgreSQL server (scripts/test)"))
    func serversStartingAtOnceMigrateOnce() async throws {
        try await TestDatabaseServer.withDatabaseURL { url in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        let database = try await PostgresStoreDatabase.connect(url, maximumConnections: 2)
                        do {
                            try await database.migrate("test", migrations: Self.migrations)
                        } catch {
                            await database.close()
                            throw error
                        }
                        await database.close()
                    }
                }
                try await group.waitForAll()
            }
            let database = try await PostgresStoreDatabase.connect(url, maximumConnections: 2)
            var versions: [Int] = []
            for try await version in try await database.client.query(
                "SELECT version FROM xpedite_schema_migration WHERE component = 'test' ORDER BY version").decode(Int.self) {
                versions.append(version)
            }
            #expect(versions == [1, 2])
            try await database.client.query("INSERT INTO thing (id, name) VALUES (1, 'one')")
            await database.close()
        }
    }

    /// A migration that fails leaves nothing of itself behind, and says which one it was.
    @Test(.enabled(if: TestDatabaseServer.isConfigured, "needs the run's PostgreSQL server (scripts/test)"))
    func aFailedMigrationIsRolledBack() async throws {
        try await TestDatabaseServer.withDatabase { database in
            let broken = Self.migrations + [PostgresMigration(version: 3, name: "broken", statements: [
                "CREATE TABLE other (id INTEGER)", "ALTER TABLE missing ADD COLUMN x TEXT",
            ])]
            await #expect {
                try await database.migrate("test", migrations: broken)
            } throws: { error in
                "\(error)" == "the database schema of test could not be migrated to version 3: "
                    + "relation \"missing\" does not exist (SQLSTATE 42P01)"
            }
            var tables: [String] = []
            for try await name in try await database.client.query(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename").decode(String.self) {
                tables.append(name)
            }
            #expect(tables == ["thing", "xpedite_schema_migration"])
        }
    }
}
