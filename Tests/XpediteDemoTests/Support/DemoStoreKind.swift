import Foundation
import Testing
@testable import XpediteDemo
import XpeditePostgresTesting
import XpediteTestFixtures
import XpediteTestSupport

/// The demo's stores the tests run on: SQLite always, PostgreSQL when the run has a server
/// (`XPEDITE_TEST_DATABASE_URL`, started by scripts/test; TestDatabaseServer), each test in a
/// database of its own.
enum DemoStoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    /// The kinds this run tests.
    static var tested: [DemoStoreKind] {
        allCases.filter { $0 != .postgres || TestDatabaseServer.isConfigured }
    }

    var testDescription: String { rawValue }

    /// Runs `body` with a new, empty, migrated store of this kind, closing it afterwards.
    func withStore<Value: Sendable>(_ body: (any DemoStore) async throws -> Value) async throws -> Value {
        switch self {
        case .sqlite:
            let directory = try TemporaryDirectory("xpedite-demo-store")
            let store = try DemoDatabase(directory: directory.url)
            let result: Result<Value, any Error>
            do { result = .success(try await body(store)) } catch { result = .failure(error) }
            try store.close()
            return try result.get()
        case .postgres:
            return try await TestDatabaseServer.withDatabase { database in
                try await body(try await PostgresDemoStore(database: database))
            }
        }
    }

    /// Runs `body` with the tests' demo configuration (``demoConfiguration(directory:customers:logs:)``)
    /// on this kind of store: a fresh data directory, and on PostgreSQL a database of the test's own.
    /// Every ``DemoServer`` opened with it in `body` shares the data (a restart, or a second server).
    func withConfiguration<Value: Sendable>(customers: Int = 100, logs: LogCapture = LogCapture(),
                                            _ body: (DemoConfiguration) async throws -> Value) async throws -> Value {
        let directory = try TemporaryDirectory("xpedite-demo")
        let configuration = demoConfiguration(directory: directory.url, customers: customers, logs: logs)
        switch self {
        case .sqlite:
            return try await body(configuration)
        case .postgres:
            return try await TestDatabaseServer.withDatabase { database in
                var configuration = configuration
                configuration.postgres = database
                return try await body(configuration)
            }
        }
    }
}
