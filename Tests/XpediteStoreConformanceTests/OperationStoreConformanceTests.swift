import Foundation
import Testing
import XpediteNotify
import XpediteNotifyTestSupport
import XpediteProtocol
import XpediteStoreTesting
import XpediteTestFixtures

/// What the console's People and Operation sections read and change, on every database alike
/// (``OperationStore``): revoking a device with its pending pushes, the webhooks with their latest
/// deliveries, retrying the outbox now, and the sends and answers per hour.
@Suite struct OperationStoreConformanceTests {
    @Test(arguments: TestedDatabase.available)
    func aRevokedDeviceGoesWithItsPendingPushes(_ tested: TestedDatabase) async throws {
        try await NotifyStoreConformanceTests.withNotifier(tested) { notifier in
            let store = notifier.store
            let (messageId, device) = try await NotifyStoreConformanceTests.sent(notifier)
            try await notifier.people.putUser("ann", password: "pw")
            let at = Date(timeIntervalSince1970: 1_744_531_200)
            #expect(try await store.revokeDevice(username: "ann", deviceId: "iphone", reason: "r", at: at) == false)
            #expect(try await store.revokeDevice(username: "joe", deviceId: "nope", reason: "r", at: at) == false)
            #expect(try await store.revokeDevice(username: "joe", deviceId: "iphone", reason: "revoked", at: at))
            #expect(try await store.devices(of: ["joe"]).isEmpty)
            #expect(try await store.device(tokenDigest: "x") == nil)
            let delivery = try #require(try await store.message(messageId)?.deliveries.first)
            #expect(delivery.deviceId == device.deviceId)
            #expect(delivery.state == .failed)
            #expect(delivery.lastError == "revoked")
            #expect(try await store.revokeDevice(username: "joe", deviceId: "iphone", reason: "r", at: at) == false)
        }
    }

    @Test(arguments: TestedDatabase.available)
    func webhooksAreListedWithTheirLatestDeliveriesAndRetriedNow(_ tested: TestedDatabase) async throws {
        try await NotifyStoreConformanceTests.withNotifier(tested) { notifier in
            let store = notifier.store
            try await store.putWebhook(Webhook(name: "b", topic: "/a/b/c", url: "http://127.0.0.1:9/b", secret: "s"))
            try await store.putWebhook(Webhook(name: "a", topic: "/other", url: "http://127.0.0.1:9/a", secret: "s"))
            _ = try await ConsoleStoreConformanceTests.answers(notifier)
            #expect(try await store.webhooks().map(\.name) == ["a", "b"])
            #expect(try await store.recentWebhookDeliveries(webhook: "a", limit: 10).isEmpty)
            let all = try await store.recentWebhookDeliveries(webhook: "b", limit: 10)
            #expect(all.count == 5)
            #expect(Set(all.map(\.deliveryId)).count == 5)
            #expect(all.allSatisfy { !$0.delivered && $0.attempts == 0 && $0.deliveredAt == nil })
            let latest = try await store.recentWebhookDeliveries(webhook: "b", limit: 2)
            #expect(latest.map(\.deliveryId) == Array(all.prefix(2)).map(\.deliveryId))

            // The rows were due at the answers' time; a retry "before" it makes them due at once.
            let queued = Date(timeIntervalSince1970: 1_744_531_200)
            let earlier = queued.addingTimeInterval(-100)
            #expect(try await store.retryOutbox(now: queued, failedSince: queued) == OutboxRetry(pushes: 0, webhooks: 0))
            #expect(try await store.retryOutbox(now: earlier, failedSince: earlier) == OutboxRetry(pushes: 0, webhooks: 5))
            #expect(try await store.recentWebhookDeliveries(webhook: "b", limit: 10).allSatisfy { $0.nextAttemptAt == earlier })
        }
    }

    @Test(arguments: TestedDatabase.available)
    func failedPushesAreRetriedExceptWithdrawnOnes(_ tested: TestedDatabase) async throws {
        try await NotifyStoreConformanceTests.withNotifier(tested) { notifier in
            let store = notifier.store
            let (messageId, _) = try await NotifyStoreConformanceTests.sent(notifier)
            let now = Date()
            #expect(try await store.revokeDevice(username: "joe", deviceId: "iphone", reason: "revoked", at: now))
            try await notifier.people.putUser("ann", password: "pw")
            _ = try await notifier.people.login(username: "ann", password: "pw", deviceId: "a", deviceName: "A", platform: "ios", pushToken: "bbbb")
            let other = try await notifier.sendPayload(Payload(validating: SamplePayloads.colour), title: "T", body: "B", to: .users(["ann"]))
            _ = try await store.withdrawMessage(other.messageId, reason: "oops", state: .withdrawn, at: now)
            // Failed before the window: left alone.
            #expect(try await store.retryOutbox(now: now, failedSince: now.addingTimeInterval(1)).pushes == 0)
            #expect(try await store.retryOutbox(now: now, failedSince: now.addingTimeInterval(-60)) == OutboxRetry(pushes: 1, webhooks: 0))
            #expect(try await store.message(messageId)?.deliveries.first?.state == .pending)
            #expect(try await store.message(other.messageId)?.deliveries.first?.state == .failed)
        }
    }

    @Test(arguments: TestedDatabase.available)
    func sendsAndAnswersAreCountedByTheHour(_ tested: TestedDatabase) async throws {
        try await NotifyStoreConformanceTests.withNotifier(tested) { notifier in
            let start = Date()
            _ = try await ConsoleStoreConformanceTests.answers(notifier)
            let store = notifier.store
            // The five answers were received at 08:00:00Z on 2025-04-13 (their answeredAt).
            let answered = Date(timeIntervalSince1970: 1_744_531_200)
            #expect(try await store.hourlyActivity(since: answered.addingTimeInterval(-7200), until: answered.addingTimeInterval(3600))
                == [HourlyActivity(hour: answered, sends: 0, answers: 5)])
            #expect(try await store.hourlyActivity(since: answered.addingTimeInterval(1), until: answered.addingTimeInterval(3600)).isEmpty)
            // The two messages were sent now.
            let hour = Date(timeIntervalSince1970: (start.timeIntervalSince1970 / 3600).rounded(.down) * 3600)
            let now = try await store.hourlyActivity(since: hour, until: Date().addingTimeInterval(3600))
            #expect(now.reduce(0) { $0 + $1.sends } == 2)
            #expect(now.allSatisfy { $0.answers == 0 && $0.hour.timeIntervalSince1970.truncatingRemainder(dividingBy: 3600) == 0 })
        }
    }
}
