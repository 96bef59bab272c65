import Foundation
import Testing
import XpediteNotify
import XpeditePostgres
import XpeditePostgresTesting

/// The notification stores the tests run on: SQLite always, PostgreSQL when the run has a server
/// (`XPEDITE_TEST_DATABASE_URL`, started by scripts/test; TestDatabaseServer).
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    /// PostgreSQL, in a database of the test's own on the run's server.
    case postgres

    /// The kinds this run tests.
    static var tested: [StoreKind] {
        allCases.filter { $0 != .postgres || TestDatabaseServer.isConfigured }
    }

    var testDescription: String { rawValue }

    /// Runs `body` with a harness on a new, empty store of this kind, removing its data afterwards.
    func withHarness<Value: Sendable>(configure: (inout NotifyConfiguration) -> Void = { _ in },
                                      _ body: (NotifyHarness) async throws -> Value) async throws -> Value {
        switch self {
        case .sqlite:
            return try await body(NotifyHarness(configure: configure))
        case .postgres:
            return try await TestDatabaseServer.withDatabase { database in
                let harness = try NotifyHarness(store: try await PostgresNotifyStore(database: database), configure: configure)
                return try await body(harness)
            }
        }
    }
}
