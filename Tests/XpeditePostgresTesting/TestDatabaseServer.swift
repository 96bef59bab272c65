import Foundation
import Logging
import NIOPosix
import PostgresNIO
import XpeditePostgresSupport

/// The throwaway PostgreSQL server of a test run: scripts/test starts one (scripts/postgres) and
/// names it in `XPEDITE_TEST_DATABASE_URL`; each test gets a database of its own on it, created
/// from `template0` and dropped at the end.
///
/// When the variable is set, the PostgreSQL cases of the store tests run, and a server that cannot
/// be reached fails them (never a skip). When it is not set (a plain `swift test`), the
/// PostgreSQL cases are left out of the tests' arguments: ``isConfigured`` says which.
public enum TestDatabaseServer {
    /// The environment variable naming the run's server.
    public static let environmentVariable = "XPEDITE_TEST_DATABASE_URL"

    /// The server's URL (its maintenance database), when the run has one.
    public static var url: String? {
        ProcessInfo.processInfo.environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether the run has a PostgreSQL server for the tests.
    public static var isConfigured: Bool { url != nil }

    /// Creates a new, empty database on the run's server, connects to it, runs `body`, then closes
    /// the connections and drops the database, whatever `body` did.
    ///
    /// The pool is small: the tests of a run go at once, each with its pool, on one server whose
    /// connections are counted (a run of pools of 10 once went past the server's 300). Four still
    /// let a test's concurrent requests overlap in the database.
    public static func withDatabase<Value: Sendable>(
        maximumConnections: Int = 4,
        _ body: (PostgresStoreDatabase) async throws -> Value
    ) async throws -> Value {
        try await withDatabaseURL { url in
            let database = try await PostgresStoreDatabase.connect(url, logger: logger,
                                                              maximumConnections: maximumConnections)
            let result: Result<Value, any Error>
            do {
                result = .success(try await body(database))
            } catch {
                result = .failure(error)
            }
            await database.close()
            return try result.get()
        }
    }

    /// Creates a new, empty database on the run's server, runs `body` with its URL (to connect to
    /// it several times: several servers), then drops it, whatever `body` did.
    public static func withDatabaseURL<Value: Sendable>(
        _ body: (PostgresDatabaseURL) async throws -> Value
    ) async throws -> Value {
        let url = try await createDatabase()
        let result: Result<Value, any Error>
        do {
            result = .success(try await body(url))
        } catch {
            result = .failure(error)
        }
        try await dropDatabase(url.database)
        return try result.get()
    }

    /// A new database on the run's server, and its URL (the server's, with the new name).
    public static func createDatabase() async throws -> PostgresDatabaseURL {
        var url = try serverURL()
        let name = "xpedite_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await administer(url, "CREATE DATABASE \"\(name)\" TEMPLATE template0 ENCODING 'UTF8'")
        url.database = name
        return url
    }

    /// Drops a database made by ``createDatabase()``, closing whatever connections it still has.
    public static func dropDatabase(_ name: String) async throws {
        try await administer(try serverURL(), "DROP DATABASE IF EXISTS \"\(name)\" WITH (FORCE)")
    }

    private static let logger = Logger(label: "xpedite.tests.postgres")

    private static func serverURL() throws -> PostgresDatabaseURL {
        guard let url else {
            throw TestDatabaseServerError(description:
                "\(environmentVariable) is not set: run the PostgreSQL tests through scripts/test, or start a server "
                + "with scripts/postgres start and export its URL")
        }
        var parsed = try PostgresDatabaseURL(url)
        // A loaded test machine (a parallel run, other builds) can take longer than the default
        // 10 s to authenticate a connection; a refused one still fails at once.
        if parsed.connectTimeout == PostgresDatabaseURL.defaultConnectTimeout {
            parsed.connectTimeout = .seconds(60)
        }
        return parsed
    }

    /// Four statements at once at most (``AdministrationTurns``).
    private static let administrationTurns = AdministrationTurns(limit: 4)

    /// Runs one statement on a connection of its own to the server's maintenance database, in a turn.
    private static func administer(_ url: PostgresDatabaseURL, _ sql: String) async throws {
        try await administrationTurns.run { try await administerNow(url, sql) }
    }

    private static func administerNow(_ url: PostgresDatabaseURL, _ sql: String) async throws {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.next(), configuration: url.connectionConfiguration(), id: 0,
                logger: logger)
        } catch {
            throw TestDatabaseServerError(description:
                "the test PostgreSQL server \(url) (\(environmentVariable)) cannot be reached: \(String(reflecting: error))")
        }
        do {
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        } catch {
            try await connection.close()
            throw TestDatabaseServerError(description: "\(sql) failed on \(url): \(String(reflecting: error))")
        }
        try await connection.close()
    }
}

/// The run's PostgreSQL server is missing or refused a test's database.
public struct TestDatabaseServerError: Error, CustomStringConvertible, Sendable {
    public let description: String
}
