import AsyncHTTPClient
import Foundation
import HummingbirdTesting
import Testing
@testable import XpediteDemo
import XpediteNotify
import XpeditePostgresSupport
import XpeditePostgresTesting
import XpeditePush
import XpediteServer
import XpediteTestFixtures
import XpediteTestSupport

/// Two demo servers in one test process on one PostgreSQL database, each with its own connection
/// pool, data directory and application, as two `xpedite demo --database …` would be: they seed
/// once, share sessions and the Web Push key, and an approval raised on one and answered through the other is applied
/// once and seen on both.
@Suite(.enabled(if: TestDatabaseServer.isConfigured, "needs XPEDITE_TEST_DATABASE_URL (scripts/test)"))
struct TwoDemoServersTests {
    /// The configuration of one of the two servers on `database`.
    static func configuration(_ database: PostgresStoreDatabase, logs: LogCapture) throws -> DemoConfiguration {
        let directory = try TemporaryDirectory("xpedite-demo-two")
        var configuration = demoConfiguration(directory: directory.url, customers: 3_000, logs: logs)
        configuration.postgres = database
        configuration.webPush = WebPushConfiguration(httpClient: HTTPClient.shared)
        return configuration
    }

    @Test func twoServersSeedOnceShareSessionsAndApplyAnApprovalOnce() async throws {
        try await TestDatabaseServer.withDatabaseURL { url in
            let databaseA = try await PostgresStoreDatabase.connect(url, maximumConnections: 4)
            let databaseB = try await PostgresStoreDatabase.connect(url, maximumConnections: 4)
            let result: Result<Void, any Error>
            do {
                try await Self.run(databaseA, databaseB)
                result = .success(())
            } catch {
                result = .failure(error)
            }
            await databaseA.close()
            await databaseB.close()
            try result.get()
        }
    }

    static func run(_ databaseA: PostgresStoreDatabase, _ databaseB: PostgresStoreDatabase) async throws {
        let logsA = LogCapture()
        let logsB = LogCapture()
        let configurationA = try configuration(databaseA, logs: logsA)
        let configurationB = try configuration(databaseB, logs: logsB)
        // Started at the same moment: one seeds, the other waits and finds the customers.
        async let openedA = DemoServer.open(configurationA)
        async let openedB = DemoServer.open(configurationB)
        let serverA = try await openedA
        let serverB = try await openedB
        #expect([serverA.seedReport, serverB.seedReport].compactMap { $0 }.map(\.count) == [3_000])
        #expect(try await serverA.store.customerCount() == 3_000)
        #expect(serverA.dataLocation.hasPrefix("PostgreSQL postgres://"))
        // Each has a data directory of its own, and both sign Web Push with the database's one key.
        let keyA = try #require(serverA.notifier.webPushKey?.publicKeyBase64URL)
        #expect(keyA == serverB.notifier.webPushKey?.publicKeyBase64URL)

        try await serverA.makeApplication().test(.router) { clientA in
            try await serverB.makeApplication().test(.router) { clientB in
                // A session signed in on A goes on through B, and back.
                let token = try await clientA.signedIn()
                #expect(try await clientB.call("dashboard", token)["title"] == "Dashboard")
                #expect(try await clientB.page(token, offset: 2_960).rowIDs == Array(2_961...3_000))
                #expect(try await clientA.page(token, offset: 0).rowIDs == Array(1...40))

                // The approval raised on A, answered through B's device routes.
                let notifyB = NotifyTestClient(client: clientB)
                let device = try await notifyB.login()
                let messageId = try await DemoApprovalTests.requestApproval(clientA, token, device: device, notify: notifyB)
                let answer = try await notifyB.answer(messageId, token: device, submitValue: 1,
                                                      values: ["reason": "Payment history checked"])
                #expect(answer.status == .created)
                let applied = DemoApprovalTests.limitText(75_000)
                for client in [clientA, clientB] {
                    let screen = try await DemoApprovalTests.poll(client, token) { $0.component(id: "score")?["text"] == .string(applied) }
                    #expect(screen.component(id: "score")?["text"] == .string(applied))
                    #expect(screen.component(id: "credit-change")?["text"]
                            == "Credit limit €75,000 approved by demo@xpedite.dev (Payment history checked)")
                }
                // Both listeners woke for the answer; exactly one applied it.
                try await Task.sleep(for: .milliseconds(200))
                let appliedLines = (logsA.lines + logsB.lines).filter { $0.message == "Credit limit change approved" }
                #expect(appliedLines.count == 1, "\(logsA.texts + logsB.texts)")
                #expect(try await serverB.store.cursor(topic: CreditApprovalPayload.topic) > 0)
                #expect(try await serverA.store.cursor(topic: CreditApprovalPayload.topic)
                        == serverB.store.cursor(topic: CreditApprovalPayload.topic))
            }
        }
        try serverA.close()
        try serverB.close()
    }
}
