import Foundation
import Testing
import XpediteNotify
import XpediteStoreTesting

/// The operator store's promises (``OperatorStore``), on every database alike: operators keep
/// their creation time across updates, a session reads its operator's current role and goes with
/// its operator, failed sign-ins count, restart after a quiet time, and clear.
@Suite struct OperatorStoreConformanceTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func session(_ digest: String, _ username: String, at date: Date = start, lifetime: TimeInterval = 3600) -> ConsoleSession {
        ConsoleSession(digest: digest, username: username, role: .viewer, csrfToken: "csrf-" + digest, createdAt: date,
                       expiresAt: date.addingTimeInterval(lifetime))
    }

    @Test(arguments: TestedDatabase.available)
    func operatorsAreStoredUpdatedAndRemoved(_ tested: TestedDatabase) async throws {
        try await tested.database.withNotifyStore { store in
            let created = try await store.putOperator(username: "sam", passwordHash: "h1", role: .sender, at: Self.start)
            #expect(created == NotifyOperator(username: "sam", role: .sender, createdAt: Self.start))
            _ = try await store.putOperator(username: "ann", passwordHash: "h2", role: .admin, at: Self.start)
            let updated = try await store.putOperator(username: "sam", passwordHash: "h3", role: .viewer,
                                                      at: Self.start.addingTimeInterval(60))
            #expect(updated == NotifyOperator(username: "sam", role: .viewer, createdAt: Self.start))
            #expect(try await store.operators().map(\.username) == ["ann", "sam"])
            #expect(try await store.operatorCredentials("sam") == OperatorCredentials(operator: updated, passwordHash: "h3"))
            #expect(try await store.operatorCredentials("nobody") == nil)
            #expect(try await store.deleteOperator("sam"))
            #expect(try await !store.deleteOperator("sam"))
            #expect(try await store.operators().map(\.username) == ["ann"])
        }
    }

    @Test(arguments: TestedDatabase.available)
    func sessionsReadTheirOperatorsRoleAndGoWithIt(_ tested: TestedDatabase) async throws {
        try await tested.database.withNotifyStore { store in
            _ = try await store.putOperator(username: "ann", passwordHash: "h", role: .admin, at: Self.start)
            try await store.insertConsoleSession(Self.session("d1", "ann"))
            let read = try #require(try await store.consoleSession(digest: "d1"))
            #expect(read.role == .admin)
            #expect(read.csrfToken == "csrf-d1")
            #expect(read.expiresAt == Self.start.addingTimeInterval(3600))
            try await store.extendConsoleSession(digest: "d1", until: Self.start.addingTimeInterval(7200))
            #expect(try await store.consoleSession(digest: "d1")?.expiresAt == Self.start.addingTimeInterval(7200))
            _ = try await store.putOperator(username: "ann", passwordHash: "h", role: .viewer, at: Self.start)
            #expect(try await store.consoleSession(digest: "d1")?.role == .viewer)
            #expect(try await store.consoleSession(digest: "nope") == nil)
            // A new session drops the ones that ended before it.
            try await store.insertConsoleSession(Self.session("d2", "ann", at: Self.start.addingTimeInterval(8000)))
            #expect(try await store.consoleSession(digest: "d1") == nil)
            #expect(try await store.deleteConsoleSession(digest: "d2"))
            #expect(try await !store.deleteConsoleSession(digest: "d2"))
            try await store.insertConsoleSession(Self.session("d3", "ann", at: Self.start.addingTimeInterval(8000)))
            #expect(try await store.deleteOperator("ann"))
            #expect(try await store.consoleSession(digest: "d3") == nil)
        }
    }

    @Test(arguments: TestedDatabase.available)
    func failedSignInsCountRestartAndClear(_ tested: TestedDatabase) async throws {
        try await tested.database.withNotifyStore { store in
            #expect(try await store.signInFailures("user:ann") == nil)
            let restart = Self.start.addingTimeInterval(-3600)
            for count in 1...3 {
                let failures = try await store.recordSignInFailure("user:ann", at: Self.start.addingTimeInterval(Double(count)),
                                                                   restartBefore: restart)
                #expect(failures == SignInFailures(count: count, lastFailureAt: Self.start.addingTimeInterval(Double(count))))
            }
            #expect(try await store.signInFailures("user:ann")?.count == 3)
            #expect(try await store.signInFailures("address:1.2.3.4") == nil)
            // Counted at once (several servers): every failure counts.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<6 {
                    group.addTask { _ = try await store.recordSignInFailure("address:1.2.3.4", at: Self.start, restartBefore: restart) }
                }
                try await group.waitForAll()
            }
            #expect(try await store.signInFailures("address:1.2.3.4")?.count == 6)
            // After a quiet hour the count starts again.
            let later = Self.start.addingTimeInterval(7200)
            #expect(try await store.recordSignInFailure("user:ann", at: later, restartBefore: later.addingTimeInterval(-3600)).count == 1)
            try await store.clearSignInFailures("user:ann")
            #expect(try await store.signInFailures("user:ann") == nil)
        }
    }
}
