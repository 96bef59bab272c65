import ArgumentParser
import Foundation
import Logging
import XpeditePostgresSupport

/// `--database URL` (default `$XPEDITE_DATABASE_URL`): the PostgreSQL database a server's stores
/// move to from SQLite (docs/deploying.md).
struct DatabaseOption: ParsableArguments {
    @Option(name: .customLong("database"),
            help: ArgumentHelp("A PostgreSQL database URL, postgres://USER:PASSWORD@HOST:PORT/DATABASE (default: $XPEDITE_DATABASE_URL; without either, SQLite in the data directory).",
                               valueName: "url"))
    var database: String?

    /// The environment variable read when `--database` is not given.
    static let environmentVariable = "XPEDITE_DATABASE_URL"

    /// The URL given, by option or environment; `nil` for SQLite.
    var text: String? {
        if let database { return database }
        return ProcessInfo.processInfo.environment[Self.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Where the URL came from, for messages.
    var origin: String { database != nil ? "--database" : Self.environmentVariable }

    /// Connects to the database given, or `nil` when none is. A URL that cannot be read, a server
    /// that cannot be reached in time or refuses the connection, and a failed migration are one
    /// line on standard error, `xpedite: database (--database): …`, and exit code 2 (the
    /// password is never printed).
    func connect(logger: Logger, _ body: (PostgresStoreDatabase?) async throws -> Void) async throws {
        guard let text else { return try await body(nil) }
        let database: PostgresStoreDatabase
        do {
            database = try await PostgresStoreDatabase.connect(text, logger: logger)
        } catch {
            throw Self.startUpFailure(error, origin: origin)
        }
        let result: Result<Void, any Error>
        do {
            result = .success(try await body(database))
        } catch let error as PostgresDatabaseError {
            result = .failure(Self.startUpFailure(error, origin: origin))
        } catch {
            result = .failure(error)
        }
        await database.close()
        try result.get()
    }

    /// Prints a database error and gives the exit code of a start-up failure.
    static func startUpFailure(_ error: any Error, origin: String) -> ExitCode {
        var standardError = StandardError()
        print("xpedite: database (\(origin)): \(error)", to: &standardError)
        return ExitCode(2)
    }
}
