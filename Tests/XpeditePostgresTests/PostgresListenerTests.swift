import Foundation
import PostgresNIO
import Synchronization
import Testing
import XpeditePostgresSupport
import XpeditePostgresTesting

/// LISTEN/NOTIFY between two servers on one database: a notification sent through one reaches a
/// listener of the other, and a listener whose connection is killed listens again.
@Suite struct PostgresListenerTests {
    /// The events a listener gave, collected by a task of their own.
    final class Collected: Sendable {
        let events = Mutex<[PostgresListenerEvent]>([])

        /// Waits until `condition` holds for the events so far; fails (never hangs) after 30 s.
        func wait(for what: String, _ condition: @Sendable ([PostgresListenerEvent]) -> Bool) async throws {
            let deadline = ContinuousClock.now.advanced(by: .seconds(30))
            while !events.withLock({ condition($0) }) {
                guard ContinuousClock.now < deadline else {
                    Issue.record("no \(what) within 30 s; events: \(events.withLock { $0 })")
                    return
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }

        func count(_ event: PostgresListenerEvent) -> Int { events.withLock { $0.filter { $0 == event }.count } }
    }

    @Test(.enabled(if: TestDatabaseServer.isConfigured, "needs the run's PostgreSQL server (scripts/test)"))
    func aNotificationFromOneServerReachesTheOtherAndAKilledListenerListensAgain() async throws {
        try await TestDatabaseServer.withDatabaseURL { url in
            let serverA = try await PostgresStoreDatabase.connect(url, maximumConnections: 2)
            let serverB = try await PostgresStoreDatabase.connect(url, maximumConnections: 2)
            let listener = PostgresListener(database: serverB, channel: "xpedite_test")
            let collected = Collected()
            let events = listener.events()
            let consumer = Task {
                for await event in events { collected.events.withLock { $0.append(event) } }
            }
            let running = Task { await listener.run() }

            try await collected.wait(for: "LISTEN") { $0.contains(.listening) }
            try await serverA.notify("xpedite_test", payload: "42")
            try await collected.wait(for: "notification 42") { $0.contains(.notification("42")) }

            // The listener's backend is killed (a network cut, a restarted database): it listens
            // again, says so, and later notifications arrive.
            try await serverA.client.query("""
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = current_database() AND query LIKE 'LISTEN%'
                """)
            try await collected.wait(for: "a second LISTEN") { $0.filter { $0 == .listening }.count == 2 }
            try await serverA.notify("xpedite_test", payload: "43")
            try await collected.wait(for: "notification 43") { $0.contains(.notification("43")) }
            #expect(collected.count(.notification("42")) == 1)

            // Cancelled, the listener ends its subscribers' streams.
            running.cancel()
            await running.value
            await consumer.value
            await serverA.close()
            await serverB.close()
        }
    }
}
