import Foundation
import Testing
import XpediteNotify
import XpeditePostgresSupport
import XpediteNotifyPostgres
import XpeditePostgresTesting
import XpediteProtocol
import XpediteNotifyTestSupport

/// Two servers on one PostgreSQL database: a response stored by either reaches the subscribers
/// of both, once each, in cursor order (PostgresResponseRelay).
@Suite struct ResponseRelayTests {
    @Test(.enabled(if: TestDatabaseServer.isConfigured, "needs XPEDITE_TEST_DATABASE_URL (scripts/test)"), .timeLimit(.minutes(1)))
    func aResponseStoredOnOneServerReachesTheSubscribersOfBoth() async throws {
        try await TestDatabaseServer.withDatabaseURL { url in
            let first = try await PostgresStoreDatabase.connect(url, maximumConnections: 4)
            let second = try await PostgresStoreDatabase.connect(url, maximumConnections: 4)
            do {
                let storeA = try await PostgresNotifyStore(database: first)
                let storeB = try await PostgresNotifyStore(database: second)
                let a = try NotifyHarness(store: storeA) { $0.publishesStoredResponses = false }
                let b = try NotifyHarness(store: storeB) { $0.publishesStoredResponses = false }
                let relays = [PostgresResponseRelay(notifier: a.notifier, store: storeA, database: first),
                              PostgresResponseRelay(notifier: b.notifier, store: storeB, database: second)]
                try await a.notifier.putUser("joe", password: "pw")
                let login = try #require(try await b.notifier.login(username: "joe", password: "pw", deviceId: "d",
                                                                    deviceName: "P", platform: "web"))
                let topic = try Payload(validating: SamplePayloads.colour).responseTopic
                let onA = a.notifier.responses(on: topic)
                let onB = b.notifier.responses(on: topic)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for relay in relays { group.addTask { try await relay.run() } }
                    defer { group.cancelAll() }
                    // Until both relays listen: a response stored before would be announced to nobody.
                    for relay in relays { await relay.listening() }
                    var received: [[String]] = [[], []]
                    for (index, harness) in [a, b, a].enumerated() {
                        let sent = try await harness.notifier.sendPayload(Payload(validating: SamplePayloads.colour), title: "T",
                                                                          body: "B", to: .users(["joe"]))
                        _ = try await harness.notifier.submitResponse(["responseId": .string("r\(index)"),
                                                                       "messageId": .string(sent.messageId), "submitValue": 0,
                                                                       "values": ["simpleDropList": "Red"]], from: login.device)
                    }
                    for (index, subscription) in [onA, onB].enumerated() {
                        for try await object in subscription {
                            received[index].append(object.responseId ?? "")
                            if received[index].count == 3 { break }
                        }
                    }
                    #expect(received[0] == ["r0", "r1", "r2"])
                    #expect(received[1] == ["r0", "r1", "r2"])
                }
            } catch {
                await first.close()
                await second.close()
                throw error
            }
            await first.close()
            await second.close()
        }
    }
}
