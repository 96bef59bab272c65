import Foundation
import Testing
import XpediteNotify
import XpediteNotifyTestSupport
import XpediteProtocol
import XpediteStoreTesting
import XpediteTestFixtures

/// The store's part of a withdrawal (docs/notify-api.md#delete-messagesmessageid), on every database
/// alike: the state is set once, answers after it are refused in the answer's own transaction,
/// pending pushes are dropped, and concurrent expiry sweeps withdraw each message once.
@Suite struct WithdrawalConformanceTests {
    /// `joe` and `ann`, one device each, and a message sent to both; the message's id.
    static func sent(_ notifier: Notifier, expiresAt: Date? = nil) async throws -> String {
        for name in ["joe", "ann"] where try await notifier.store.user(name) == nil {
            try await notifier.people.putUser(name, password: "pw")
            _ = try #require(try await notifier.people.login(username: name, password: "pw", deviceId: "phone-\(name)",
                                                      deviceName: "P", platform: "ios", pushToken: "aaaa"))
        }
        return try await notifier.sendPayload(Payload(validating: SamplePayloads.colour), title: "T", body: "B",
                                              to: .users(["joe", "ann"]), expiresAt: expiresAt).messageId
    }

    @Test(arguments: TestedDatabase.available)
    func aMessageIsWithdrawnOnceAndAnswersAfterItAreRefused(_ tested: TestedDatabase) async throws {
        try await NotifyStoreConformanceTests.withNotifier(tested) { notifier in
            let store = notifier.store
            let id = try await Self.sent(notifier)
            let before = StoredResponse(cursor: 0, responseId: "r-ann", username: "ann", messageId: id, request: nil,
                                        topic: "/a/b/c", json: Data(#"{"responseId":"r-ann"}"#.utf8))
            guard case .stored = try await store.recordResponse(before, answeredAt: Date(), now: Date()) else {
                Issue.record("the answer before the withdrawal is stored")
                return
            }
            #expect(try await store.messageIsActive(id))
            let at = Date(timeIntervalSince1970: 1_800_000_000)
            let first = try #require(try await store.withdrawMessage(id, reason: "oops", state: .withdrawn, at: at))
            #expect(first.changed && first.state == .withdrawn && first.reason == "oops" && first.unanswered == ["joe"])
            #expect(first.withdrawnAt == at)
            let second = try #require(try await store.withdrawMessage(id, reason: "other", state: .withdrawn, at: at.addingTimeInterval(5)))
            #expect(!second.changed && second.state == .withdrawn && second.reason == "oops" && second.withdrawnAt == at)
            #expect(second.unanswered == ["joe"] && second.providers.isEmpty)
            #expect(try await store.withdrawMessage("no-such-message", reason: "", state: .withdrawn, at: at) == nil)
            #expect(try await store.messageIsActive(id) == false)

            let message = try #require(try await store.message(id))
            #expect(message.state == .withdrawn && message.withdrawReason == "oops" && message.withdrawnAt == at)
            #expect(message.deliveries.filter { $0.kind == .message }.allSatisfy { $0.state == .failed && $0.lastError == "withdrawn" })
            #expect(try await store.inbox(of: "joe").isEmpty)

            let after = StoredResponse(cursor: 0, responseId: "r-joe", username: "joe", messageId: id, request: nil,
                                       topic: "/a/b/c", json: Data(#"{"responseId":"r-joe"}"#.utf8))
            #expect(try await store.recordResponse(after, answeredAt: Date(), now: Date()) == .withdrawn)
            #expect(try await store.response(responseId: "r-joe") == nil)
            #expect(try await store.response(responseId: "r-ann") != nil)
            let context = try await store.answerContext(responseId: "r-joe", username: "joe", messageId: id, request: nil,
                                                        documentNames: [])
            #expect(context.messageState == .withdrawn)
        }
    }

    @Test(arguments: TestedDatabase.available)
    func concurrentExpirySweepsWithdrawEachMessageOnce(_ tested: TestedDatabase) async throws {
        try await NotifyStoreConformanceTests.withNotifier(tested) { notifier in
            let store = notifier.store
            let now = Date()
            var expiring: Set<String> = []
            for _ in 0..<12 { expiring.insert(try await Self.sent(notifier, expiresAt: now.addingTimeInterval(30))) }
            let lasting = try await Self.sent(notifier, expiresAt: now.addingTimeInterval(3600))
            let later = now.addingTimeInterval(60)
            let swept = try await withThrowingTaskGroup(of: [MessageWithdrawal].self) { group in
                for _ in 0..<4 { group.addTask { try await store.withdrawExpiredMessages(now: later, limit: 5) } }
                var all: [MessageWithdrawal] = []
                for try await part in group { all += part }
                return all
            }
            var total = swept
            while true {
                let more = try await store.withdrawExpiredMessages(now: later, limit: 5)
                if more.isEmpty { break }
                total += more
            }
            #expect(total.count == expiring.count)
            #expect(Set(total.map(\.messageId)) == expiring)
            #expect(total.allSatisfy { $0.state == .expired && $0.reason == "expired" && $0.changed })
            #expect(try await store.message(lasting)?.state == .active)
            #expect(try await store.inbox(of: "joe").map(\.messageId) == [lasting])
        }
    }
}
