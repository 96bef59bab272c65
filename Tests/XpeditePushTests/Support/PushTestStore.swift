import Foundation
import Testing
import XpediteNotify
import XpeditePostgres
import XpeditePostgresTesting
import XpediteSQLite

/// The notification stores the push tests run on: SQLite always, PostgreSQL when the run has a
/// server (`XPEDITE_TEST_DATABASE_URL`).
enum PushTestStore: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    /// The kinds this run tests.
    static var tested: [PushTestStore] {
        allCases.filter { $0 != .postgres || TestDatabaseServer.isConfigured }
    }

    var testDescription: String { rawValue }

    /// Runs `body` with a new, empty store of this kind (SQLite's in `directory`).
    func withStore<Value: Sendable>(directory: URL, _ body: (any NotifyStore) async throws -> Value) async throws -> Value {
        switch self {
        case .sqlite:
            return try await body(try SQLiteNotifyStore(directory: directory))
        case .postgres:
            return try await TestDatabaseServer.withDatabase { database in
                try await body(try await PostgresNotifyStore(database: database))
            }
        }
    }
}
