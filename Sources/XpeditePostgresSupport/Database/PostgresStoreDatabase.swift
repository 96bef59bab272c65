import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

/// A PostgreSQL database shared by every store of one server, and by any number of servers:
/// postgres-nio's `PostgresClient` (its connection pool; no connection per request), checked at
/// start-up and running until ``close()``.
///
/// `connect(_:logger:maximumConnections:)` makes one connection first, so that a wrong URL, a
/// wrong password, a missing database or an unreachable server is a clear
/// ``PostgresDatabaseError`` at start-up, within the URL's `connect_timeout` (10 s by default),
/// and never a hang: the pool alone would retry in the background and leave requests waiting.
///
/// ```swift
/// let database = try await PostgresStoreDatabase.connect(PostgresDatabaseURL("postgres://xpedite@127.0.0.1/xpedite"))
/// let sessions = try await PostgresSessionStore(database: database)
/// // …
/// await database.close()
/// ```
public final class PostgresStoreDatabase: Sendable {
    /// Where the database is.
    public let url: PostgresDatabaseURL
    /// The connection pool; every query of the stores goes through it.
    public let client: PostgresClient
    /// Where the stores log their queries' failures.
    public let logger: Logger
    /// The pool's own task (`PostgresClient.run()`), cancelled by ``close()``.
    private let running: Task<Void, Never>
    /// The names of the statements prepared from SQL made at run time (``execute(_:bindings:)``).
    let statementNames = Mutex(StatementNames())

    private init(url: PostgresDatabaseURL, client: PostgresClient, logger: Logger,
                 starting: @escaping @Sendable () -> Void) {
        self.url = url
        self.client = client
        self.logger = logger
        self.running = Task {
            starting()
            await client.run()
        }
    }

    /// The advisory lock key under which migrations run (any 64-bit number no other lock uses:
    /// the bytes of "xpedite" and 1).
    static let migrationLockKey: Int64 = 0x7870_6564_6974_6501

    /// Connects to the database at `url`: one connection is made and checked, within the URL's
    /// connect timeout, then the pool starts.
    ///
    /// - Throws: ``PostgresDatabaseError`` when the server cannot be reached in time, refuses the
    ///   connection, or the URL's TLS settings cannot be used.
    public static func connect(_ url: PostgresDatabaseURL, logger: Logger = Logger(label: "xpedite.postgres"),
                               maximumConnections: Int = 20) async throws -> PostgresStoreDatabase {
        try await check(url, logger: logger)
        let client = PostgresClient(configuration: url.clientConfiguration(maximumConnections: maximumConnections),
                                    backgroundLogger: logger)
        // The pool's task has reached `run()` (which marks the pool running before it first
        // suspends) before the first query leases a connection; otherwise postgres-nio warns that
        // `run()` was not called, on a start-up that is fine.
        let (started, signal) = AsyncStream<Never>.makeStream()
        let database = PostgresStoreDatabase(url: url, client: client, logger: logger, starting: { signal.finish() })
        for await _ in started {}
        return database
    }

    /// Reads `text` as a database URL and connects to it.
    public static func connect(_ text: String, logger: Logger = Logger(label: "xpedite.postgres"),
                               maximumConnections: Int = 20) async throws -> PostgresStoreDatabase {
        try await connect(PostgresDatabaseURL(text), logger: logger, maximumConnections: maximumConnections)
    }

    /// One connection made, asked `SELECT 1` and closed, within the URL's connect timeout.
    private static func check(_ url: PostgresDatabaseURL, logger: Logger) async throws {
        let configuration: PostgresConnection.Configuration
        do {
            configuration = try url.connectionConfiguration()
        } catch {
            throw PostgresDatabaseError.cannotConnect(database: url.description, reason: "TLS settings: \(error)")
        }
        let seconds = Double(url.connectTimeout.components.seconds)
            + Double(url.connectTimeout.components.attoseconds) / 1e18
        let timedOut = PostgresDatabaseError.timedOut(database: url.description, seconds: seconds)
        // postgres-nio gives up on the connection and its start-up at the connect timeout; the
        // deadline, a second later, is the backstop that resumes the caller whatever happens.
        try await withDeadline(url.connectTimeout + .seconds(1), timeoutError: timedOut,
                               discard: { connection in await close(connection, logger: logger) }) {
            let connection: PostgresConnection
            do {
                connection = try await PostgresConnection.connect(
                    on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 0, logger: logger)
            } catch {
                if isConnectTimeout(error) { throw timedOut }
                throw PostgresDatabaseError.cannotConnect(database: url.description, reason: Self.reason(of: error))
            }
            do {
                try await connection.query("SELECT 1", logger: logger)
            } catch {
                await close(connection, logger: logger)
                throw PostgresDatabaseError.cannotConnect(database: url.description, reason: Self.reason(of: error))
            }
            return connection
        }.close()
    }

    /// Whether postgres-nio gave up at the connect timeout.
    private static func isConnectTimeout(_ error: any Error) -> Bool {
        let underlying = (error as? PSQLError)?.underlying ?? error
        if case ChannelError.connectTimeout = underlying { return true }
        return false
    }

    /// A person's reading of a postgres-nio error: the server's message when it sent one.
    package static func reason(of error: any Error) -> String {
        if let error = error as? PostgresTransactionError {
            if let failure = error.beginError ?? error.closureError ?? error.commitError {
                return reason(of: failure)
            }
        }
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                let code = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
                return message + code
            }
            if let underlying = error.underlying { return "\(underlying)" }
            return "\(error.code)"
        }
        return "\(error)"
    }

    /// Closes a connection that is no longer wanted; a failure to close it is logged, not thrown,
    /// as the caller is already reporting another error or has its answer.
    private static func close(_ connection: PostgresConnection, logger: Logger) async {
        do {
            try await connection.close()
        } catch {
            logger.debug("closing a start-up connection failed: \(error)")
        }
    }

    /// Applies the migrations of `component` that this database has not seen yet, in version
    /// order, each in one transaction, holding an advisory lock so that servers starting at once
    /// take turns; the ones already applied (by this server or another) are skipped.
    ///
    /// - Throws: ``PostgresDatabaseError/migrationFailed(component:version:reason:)``; the failed
    ///   migration leaves nothing behind, the ones before it stay applied.
    public func migrate(_ component: String, migrations: [PostgresMigration]) async throws {
        let logger = self.logger
        try await client.withConnection { connection in
            try await connection.query("SELECT pg_advisory_lock(\(Self.migrationLockKey))", logger: logger)
            do {
                try await Self.apply(component, migrations: migrations, on: connection, logger: logger)
            } catch {
                try await connection.query("SELECT pg_advisory_unlock(\(Self.migrationLockKey))", logger: logger)
                throw error
            }
            try await connection.query("SELECT pg_advisory_unlock(\(Self.migrationLockKey))", logger: logger)
        }
    }

    private static func apply(_ component: String, migrations: [PostgresMigration], on connection: PostgresConnection,
                              logger: Logger) async throws {
        try await connection.query("""
            CREATE TABLE IF NOT EXISTS xpedite_schema_migration (
                component TEXT NOT NULL,
                version INTEGER NOT NULL,
                name TEXT NOT NULL,
                applied_at TIMESTAMPTZ NOT NULL DEFAULT now(),
                PRIMARY KEY (component, version)
            )
            """, logger: logger)
        var applied = Set<Int>()
        for try await version in try await connection.query(
            "SELECT version FROM xpedite_schema_migration WHERE component = \(component)", logger: logger
        ).decode(Int.self) {
            applied.insert(version)
        }
        for migration in migrations.sorted(by: { $0.version < $1.version }) where !applied.contains(migration.version) {
            do {
                try await connection.withTransaction(logger: logger) { connection in
                    for statement in migration.statements {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    try await connection.query("""
                        INSERT INTO xpedite_schema_migration (component, version, name)
                        VALUES (\(component), \(migration.version), \(migration.name))
                        """, logger: logger)
                }
            } catch {
                throw PostgresDatabaseError.migrationFailed(component: component, version: migration.version,
                                                            reason: reason(of: error))
            }
            logger.info("migrated \(component) to version \(migration.version): \(migration.name)")
        }
    }

    /// Stops the pool: running queries end, later ones fail.
    public func close() async {
        running.cancel()
        await running.value
    }
}
