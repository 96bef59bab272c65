import Foundation
import Testing
import XpediteNotify
import XpediteProtocol
import XpediteNotifyTestSupport

/// The store's own promises, on SQLite and PostgreSQL alike: a response is stored once per
/// `responseId`, a message is answered once per user, and concurrent claims of an outbox never
/// hand one row to two claimers.
@Suite struct NotifyStoreTests {
    /// `joe` with one device, and a message sent to him; the message's id and the device.
    static func sent(_ harness: NotifyHarness) async throws -> (String, NotifyDevice) {
        try await harness.notifier.putUser("joe", password: "pw")
        let login = try #require(try await harness.notifier.login(username: "joe", password: "pw", deviceId: "iphone",
                                                                  deviceName: "P", platform: "ios", pushToken: "aaaa"))
        let sent = try await harness.notifier.sendPayload(Payload(validating: SamplePayloads.colour), title: "T", body: "B",
                                                          to: .users(["joe"]))
        return (sent.messageId, login.device)
    }

    static func response(_ responseId: String, messageId: String) -> StoredResponse {
        StoredResponse(cursor: 0, responseId: responseId, username: "joe", messageId: messageId, request: nil,
                       topic: "colours", json: Data(#"{"responseId":"\#(responseId)"}"#.utf8))
    }

    @Test(arguments: StoreKind.tested)
    func concurrentCopiesOfOneResponseAreStoredOnce(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            let (messageId, _) = try await Self.sent(harness)
            let notifyStore = harness.notifier.store
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

    @Test(arguments: StoreKind.tested)
    func aMessageIsAnsweredOnceWhateverTheResponseIds(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            let (messageId, _) = try await Self.sent(harness)
            let notifyStore = harness.notifier.store
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

    @Test(arguments: StoreKind.tested)
    func concurrentClaimsNeverShareARow(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.notifier.putUser("joe", password: "pw")
            for index in 0..<5 {
                _ = try await harness.notifier.login(username: "joe", password: "pw", deviceId: "d\(index)", deviceName: "P",
                                                     platform: "ios", pushToken: "token\(index)")
            }
            let payload = try Payload(validating: SamplePayloads.colour)
            for _ in 0..<4 {
                _ = try await harness.notifier.sendPayload(payload, title: "T", body: "B", to: .users(["joe"]))
            }
            let notifyStore = harness.notifier.store
            let now = Date().addingTimeInterval(60)
            let claims = try await withThrowingTaskGroup(of: [Int64].self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await notifyStore.claimPushDeliveries(provider: "test", leaseUntil: now.addingTimeInterval(60), limit: 7,
                                                                  rules: PushClaimRules(now: now, needsPushTarget: true, giveUpAfter: nil)).map(\.key)
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(claims.count == 20)
            #expect(Set(claims).count == 20)
            // Leased: nothing more to claim until the lease ends, then everything again.
            #expect(try await notifyStore.claimPushDeliveries(provider: "test", leaseUntil: now, limit: 50,
                                                              rules: PushClaimRules(now: now, needsPushTarget: true, giveUpAfter: nil)).isEmpty)
            let later = now.addingTimeInterval(61)
            #expect(try await notifyStore.claimPushDeliveries(provider: "test", leaseUntil: later.addingTimeInterval(60), limit: 50,
                                                              rules: PushClaimRules(now: later, needsPushTarget: true, giveUpAfter: nil)).count == 20)
        }
    }
}
