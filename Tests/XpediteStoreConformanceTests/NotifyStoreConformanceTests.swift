import Foundation
import Testing
import XpediteNotify
import XpediteNotifyTestSupport
import XpediteProtocol
import XpediteStoreTesting
import XpediteTestFixtures

/// The notification store's own promises, on every database alike: a response is stored once
/// per `responseId`, a message is answered once per user, concurrent claims of an outbox never
/// hand one row to two claimers, and a claim follows the delivery rules of XpediteNotify.
@Suite struct NotifyStoreConformanceTests {
    /// Runs `body` with a notifier (the test push provider, named `test`) on a new store of `tested`.
    static func withNotifier(_ tested: TestedDatabase, _ body: (Notifier) async throws -> Void) async throws {
        let directory = try TemporaryDirectory("notify-conformance")
        try await tested.database.withNotifyStore { store in
            let configuration = NotifyTesting.configuration(dataDirectory: directory.url, apiKey: "k")
            try await body(try Notifier(configuration: configuration, store: store))
        }
    }

    /// `joe` with one device, and a message sent to him; the message's id and the device.
    static func sent(_ notifier: Notifier) async throws -> (String, NotifyDevice) {
        try await notifier.people.putUser("joe", password: "pw")
        let login = try #require(try await notifier.people.login(username: "joe", password: "pw", deviceId: "iphone",
                                                          deviceName: "P", platform: "ios", pushToken: "aaaa"))
        let sent = try await notifier.sendPayload(Payload(validating: SamplePayloads.colour), title: "T", body: "B",
                                                  to: .users(["joe"]))
        return (sent.messageId, login.device)
    }

    static func response(_ responseId: String, messageId: String) -> StoredResponse {
        StoredResponse(cursor: 0, responseId: responseId, username: "joe", messageId: messageId, request: nil,
                       topic: "colours", json: Data(#"{"responseId":"\#(responseId)"}"#.utf8))
    }

    @Test(arguments: TestedDatabase.available)
    func concurrentCopiesOfOneResponseAreStoredOnce(_ tested: TestedDatabase) async throws {
        try await Self.withNotifier(tested) { notifier in
            let (messageId, _) = try await Self.sent(notifier)
            let notifyStore = notifier.store
            let now = Date(timeIntervalSince1970: 1_800_000_000)
            let outcomes = try await withThrowingTaskGroup(of: ResponseRecordOutcome.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await notifyStore.recordResponse(Self.response("r1", messageId: messageId), answeredAt: now, now: now)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let stored = outcomes.compactMap { if case .stored(let response) = $0 { response } else { nil } }
            let duplicates = outcomes.compactMap { if case .duplicate(let response) = $0 { response } else { nil } }
            #expect(stored.count == 1)
            #expect(duplicates.count == 7)
            #expect(duplicates.allSatisfy { $0.cursor == stored.first?.cursor && $0.responseId == "r1" })
            #expect(try await notifyStore.responses(topic: "colours", after: 0, limit: 10).map(\.responseId) == ["r1"])
            #expect(try await notifyStore.recipient("joe", of: messageId)?.answeredAt == now)
            #expect(try await notifyStore.inbox(of: "joe").isEmpty)
        }
    }

    @Test(arguments: TestedDatabase.available)
    func aMessageIsAnsweredOnceWhateverTheResponseIds(_ tested: TestedDatabase) async throws {
        try await Self.withNotifier(tested) { notifier in
            let (messageId, _) = try await Self.sent(notifier)
            let notifyStore = notifier.store
            let now = Date(timeIntervalSince1970: 1_800_000_000)
            let outcomes = try await withThrowingTaskGroup(of: ResponseRecordOutcome.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        try await notifyStore.recordResponse(Self.response("r\(index)", messageId: messageId), answeredAt: now, now: now)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { if case .stored = $0 { true } else { false } }.count == 1)
            #expect(outcomes.filter { $0 == .alreadyAnswered }.count == 7)
            #expect(try await notifyStore.responses(topic: "colours", after: 0, limit: 10).count == 1)
        }
    }

    @Test(arguments: TestedDatabase.available)
    func concurrentClaimsNeverShareARow(_ tested: TestedDatabase) async throws {
        try await Self.withNotifier(tested) { notifier in
            try await notifier.people.putUser("joe", password: "pw")
            for index in 0..<5 {
                _ = try await notifier.people.login(username: "joe", password: "pw", deviceId: "d\(index)", deviceName: "P",
                                             platform: "ios", pushToken: "token\(index)")
            }
            let payload = try Payload(validating: SamplePayloads.colour)
            for _ in 0..<4 {
                _ = try await notifier.sendPayload(payload, title: "T", body: "B", to: .users(["joe"]))
            }
            let notifyStore = notifier.store
            let now = Date().addingTimeInterval(60)
            let rules = PushClaimRules(now: now, needsPushTarget: true, giveUpAfter: nil)
            let claims = try await withThrowingTaskGroup(of: [Int64].self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await notifyStore.claimPushDeliveries(provider: "test", leaseUntil: now.addingTimeInterval(60), limit: 7,
                                                                  rules: rules).map(\.key)
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(claims.count == 20)
            #expect(Set(claims).count == 20)
            // Leased: nothing more to claim until the lease ends, then everything again.
            #expect(try await notifyStore.claimPushDeliveries(provider: "test", leaseUntil: now, limit: 50, rules: rules).isEmpty)
            let later = now.addingTimeInterval(61)
            #expect(try await notifyStore.claimPushDeliveries(
                provider: "test", leaseUntil: later.addingTimeInterval(60), limit: 50,
                rules: PushClaimRules(now: later, needsPushTarget: true, giveUpAfter: nil)).count == 20)
        }
    }

    /// A claim hands every due row to PushClaimRules: the answered recipient's, the logged-out
    /// device's, the expired message's and the tokenless device's rows are settled `failed` with
    /// the rules' reasons; the rest are claimed with the rules' expiry.
    @Test(arguments: TestedDatabase.available)
    func aClaimDropsAndExpiresAsTheRulesSay(_ tested: TestedDatabase) async throws {
        try await Self.withNotifier(tested) { notifier in
            for name in ["ann", "bob", "cat", "dan"] { try await notifier.people.putUser(name, password: "pw") }
            _ = try await notifier.people.login(username: "ann", password: "pw", deviceId: "a", deviceName: "P", platform: "ios",
                                         pushToken: "token-a")
            let bob = try #require(try await notifier.people.login(username: "bob", password: "pw", deviceId: "b", deviceName: "P",
                                                            platform: "ios", pushToken: "token-b"))
            _ = try await notifier.people.login(username: "cat", password: "pw", deviceId: "c", deviceName: "P", platform: "ios",
                                         pushToken: nil)
            _ = try await notifier.people.login(username: "dan", password: "pw", deviceId: "d", deviceName: "P", platform: "ios",
                                         pushToken: "token-d")
            let sent = try await notifier.sendPayload(Payload(validating: SamplePayloads.colour), title: "T", body: "B",
                                                      to: .users(["ann", "bob", "cat", "dan"]))
            let sentAt = try #require(try await notifier.message(sent.messageId)).sentAt
            let store = notifier.store
            // ann answered; bob's device logged out; cat's device has no push token; dan waits.
            var answer = Self.response("r-ann", messageId: sent.messageId)
            answer.username = "ann"
            _ = try await store.recordResponse(answer, answeredAt: sentAt, now: sentAt)
            try await notifier.people.logout(bob.device)
            let now = sentAt.addingTimeInterval(30)
            let claimed = try await store.claimPushDeliveries(
                provider: "test", leaseUntil: now.addingTimeInterval(60), limit: 10,
                rules: PushClaimRules(now: now, needsPushTarget: true, giveUpAfter: .seconds(600)))
            #expect(claimed.map(\.delivery.device.username) == ["dan"])
            #expect(claimed.first?.delivery.expiresAt == sentAt.addingTimeInterval(600))
            #expect(claimed.first?.sentAt == sentAt)
            let deliveries = try #require(try await notifier.message(sent.messageId)).deliveries
            let errors = Dictionary(uniqueKeysWithValues: deliveries.map { ($0.deviceId, $0.lastError) })
            #expect(errors["a"] == "the recipient answered the message")
            #expect(errors["b"] == "the device logged out")
            #expect(errors["c"] == "the device has no push token")
            #expect(deliveries.filter { $0.state == .failed }.count == 3)
            // Past the give-up time, dan's row is dropped too.
            let late = sentAt.addingTimeInterval(700)
            #expect(try await store.claimPushDeliveries(
                provider: "test", leaseUntil: late.addingTimeInterval(60), limit: 10,
                rules: PushClaimRules(now: late, needsPushTarget: true, giveUpAfter: .seconds(600))).isEmpty)
            let dan = try #require(try await notifier.message(sent.messageId)).deliveries.first { $0.deviceId == "d" }
            #expect(dan?.lastError == "given up: the message is older than the retry window")
        }
    }
}
