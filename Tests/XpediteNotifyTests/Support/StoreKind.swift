import Foundation
import Testing
import XpediteNotify
import XpediteNotifyTestSupport
import XpediteStoreTesting

/// The notification stores the tests run on: every database of `TestedDatabase.all` this run can
/// use (SQLite always, PostgreSQL when the run has a server, `XPEDITE_TEST_DATABASE_URL`).
typealias StoreKind = TestedDatabase

extension TestedDatabase {
    /// The databases this run tests.
    static var tested: [TestedDatabase] { available }

    /// Runs `body` with a harness on a new, empty store of this database, removing its data afterwards.
    func withHarness<Value: Sendable>(configure: (inout NotifyConfiguration) -> Void = { _ in },
                                      _ body: (NotifyHarness) async throws -> Value) async throws -> Value {
        var result: Value?
        try await database.withNotifyStore { store in
            result = try await body(try NotifyHarness(store: store, configure: configure))
        }
        guard let result else { throw TestFailure("the store ran no body") }
        return result
    }
}
