import Foundation
import Testing
import XpediteNotify
import XpediteProtocol
import XpediteTestFixtures
import XpediteNotifyTestSupport

/// The push outbox (docs/push.md#how-a-send-becomes-pushes, docs/push.md): committed by the send,
/// delivered by the engines, retried with backoff and `Retry-After`, never sent again once
/// delivered, dropped for answered messages, and surviving a restart.
@Suite struct PushOutboxTests {
    static let colour: JSONValue = SamplePayloads.colour

    /// A harness whose `ios` devices go to `provider`, fast retries, and `joe` with an iPhone.
    static func harness(_ provider: ScriptedPushProvider, clock: TestClock? = nil,
                        directory: URL? = nil) async throws -> (NotifyHarness, NotifyDevice) {
        let harness = try NotifyHarness(directory: directory) { configuration in
            configuration.pushProviders["ios"] = provider
            configuration.pushRetry.initialDelay = .milliseconds(10)
            configuration.pushRetry.maximumDelay = .milliseconds(50)
            configuration.pushRetry.pollInterval = .milliseconds(20)
            if let clock { configuration.now = clock.function }
        }
        try await harness.notifier.people.putUser("joe", password: "pw")
        let login = try #require(try await harness.notifier.people.login(username: "joe", password: "pw", deviceId: "iphone",
                                                                  deviceName: "Joe's iPhone", platform: "ios",
                                                                  pushToken: "aaaa1111"))
        return (harness, login.device)
    }

    /// Runs `body` with a harness on a new `store` of the kind, set up as ``harness(_:clock:directory:)`` sets one up.
    static func withHarness(_ store: StoreKind, _ provider: ScriptedPushProvider, clock: TestClock? = nil,
                            _ body: (NotifyHarness, NotifyDevice) async throws -> Void) async throws {
        try await store.withHarness(configure: { configuration in
            configuration.pushProviders["ios"] = provider
            configuration.pushRetry.initialDelay = .milliseconds(10)
            configuration.pushRetry.maximumDelay = .milliseconds(50)
            configuration.pushRetry.pollInterval = .milliseconds(20)
            if let clock { configuration.now = clock.function }
        }) { harness in
            try await harness.notifier.people.putUser("joe", password: "pw")
            let login = try #require(try await harness.notifier.people.login(username: "joe", password: "pw", deviceId: "iphone",
                                                                      deviceName: "Joe's iPhone", platform: "ios",
                                                                      pushToken: "aaaa1111"))
            try await body(harness, login.device)
        }
    }

    static func send(_ harness: NotifyHarness) async throws -> String {
        try await harness.notifier.sendPayload(Payload(validating: colour), title: "Colour", body: "Pick one",
                                               to: .users(["joe"])).messageId
    }

    @Test(arguments: StoreKind.tested)
    func passingFailuresAreRetriedUntilDelivered(_ store: StoreKind) async throws {
        let provider = ScriptedPushProvider { _, attempt in
            attempt < 3 ? .retry(reason: "503 ServiceUnavailable") : .delivered
        }
        try await Self.withHarness(store, provider) { harness, _ in
            let id = try await Self.send(harness)
            let message = try await harness.withDeliveryEngines { try await harness.settledMessage(id) }
            let delivery = try #require(message.deliveries.first)
            #expect(delivery.state == .delivered)
            #expect(delivery.attempts == 3)
            #expect(delivery.lastError == "503 ServiceUnavailable")    // the last reason the service gave
            #expect(provider.calls.count == 3)
            #expect(Set(provider.calls.map(\.deliveryId)).count == 1)  // one delivery, tried three times
        }
    }

    @Test(arguments: StoreKind.tested)
    func retryAfterIsHonoured(_ store: StoreKind) async throws {
        let clock = TestClock()
        let provider = ScriptedPushProvider { _, _ in .retry(reason: "429 TooManyRequests", after: .seconds(120)) }
        try await Self.withHarness(store, provider, clock: clock) { harness, _ in
            let id = try await Self.send(harness)
            try await harness.withDeliveryEngines {
                while provider.calls.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
                try await Task.sleep(for: .milliseconds(100))    // the engine would retry within 50 ms without the header
            }
            #expect(provider.calls.count == 1)
            let due = try #require(try await harness.notifier.store.nextPushDueDate(provider: provider.name))
            #expect(due.timeIntervalSince(clock.now) >= 119)
            let message = try #require(try await harness.notifier.message(id))
            #expect(message.deliveries.first?.state == .pending)
            #expect(message.deliveries.first?.lastError == "429 TooManyRequests")
        }
    }

    @Test(arguments: StoreKind.tested)
    func aGoneDeviceLosesItsPushTokenAndGetsNoMorePushes(_ store: StoreKind) async throws {
        let provider = ScriptedPushProvider { _, _ in .gone(reason: "410 Unregistered") }
        try await Self.withHarness(store, provider) { harness, _ in
            let first = try await Self.send(harness)
            let gone = try await harness.withDeliveryEngines { try await harness.settledMessage(first) }
            #expect(gone.deliveries.first?.state == .gone)
            #expect(gone.deliveries.first?.lastError == "410 Unregistered")
            #expect(try await harness.notifier.people.devices(of: "joe").first?.hasPushTarget == false)
            let second = try await Self.send(harness)
            let skipped = try await harness.withDeliveryEngines { try await harness.settledMessage(second) }
            #expect(skipped.deliveries.first?.state == .failed)
            #expect(skipped.deliveries.first?.lastError == "the device has no push token")
            #expect(provider.calls.count == 1)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aMessageAnsweredBeforeItsPushIsNotPushed(_ store: StoreKind) async throws {
        let provider = ScriptedPushProvider()
        try await Self.withHarness(store, provider) { harness, device in
            let id = try await Self.send(harness)
            _ = try await harness.notifier.submitResponse(["responseId": "r1", "messageId": .string(id), "submitValue": 0,
                                                           "values": ["simpleDropList": "Red"]], from: device)
            let message = try await harness.withDeliveryEngines { try await harness.settledMessage(id) }
            #expect(message.deliveries.first?.state == .failed)
            #expect(message.deliveries.first?.lastError == "the recipient answered the message")
            #expect(provider.calls.isEmpty)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aPushIsGivenUpAfterTwentyFourHours(_ store: StoreKind) async throws {
        let clock = TestClock()
        let provider = ScriptedPushProvider { _, _ in .retry(reason: "500 InternalServerError") }
        try await Self.withHarness(store, provider, clock: clock) { harness, _ in
            let id = try await Self.send(harness)
            try await harness.withDeliveryEngines {
                while provider.calls.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
            }
            clock.advance(by: 25 * 3600)
            let message = try await harness.withDeliveryEngines { try await harness.settledMessage(id) }
            #expect(message.deliveries.first?.state == .failed)
            #expect(message.deliveries.first?.lastError?.hasPrefix("given up") == true)
        }
    }

    @Test func aRestartLosesNoDeliveryAndDeliversNothingTwice() async throws {
        let directory = try TemporaryDirectory("push-restart")
        let failing = ScriptedPushProvider { _, _ in .retry(reason: "503 ServiceUnavailable") }
        var pending: String
        do {
            let (harness, _) = try await Self.harness(failing, directory: directory.url)
            pending = try await Self.send(harness)
            try await harness.withDeliveryEngines {
                while failing.calls.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
            }
        }
        // A new server on the same data: the delivery still pending is made, once.
        let working = ScriptedPushProvider()
        let harness = try NotifyHarness(directory: directory.url) { configuration in
            configuration.pushProviders["ios"] = working
            configuration.pushRetry.initialDelay = .milliseconds(10)
            configuration.pushRetry.pollInterval = .milliseconds(20)
        }
        let message = try await harness.withDeliveryEngines { try await harness.settledMessage(pending) }
        #expect(message.deliveries.first?.state == .delivered)
        #expect(working.calls.count == 1)
        // And after yet another restart, nothing delivered is sent again.
        try await harness.withDeliveryEngines { try await Task.sleep(for: .milliseconds(200)) }
        #expect(working.calls.count == 1)
    }

    @Test(arguments: StoreKind.tested)
    func rowsHeldByAServerThatDiedAreTakenOverWhenTheirLeaseEnds(_ store: StoreKind) async throws {
        let clock = TestClock()
        let provider = ScriptedPushProvider()
        try await Self.withHarness(store, provider, clock: clock) { harness, _ in
            let id = try await Self.send(harness)
            // Another server claims the row and dies before settling it.
            let claimed = try await harness.notifier.store.claimPushDeliveries(
                provider: provider.name, leaseUntil: clock.now.addingTimeInterval(60), limit: 10,
                rules: PushClaimRules(now: clock.now, needsPushTarget: true, giveUpAfter: nil))
            #expect(claimed.count == 1)
            try await harness.withDeliveryEngines { try await Task.sleep(for: .milliseconds(100)) }
            #expect(provider.calls.isEmpty)    // still leased
            clock.advance(by: 61)
            let message = try await harness.withDeliveryEngines { try await harness.settledMessage(id) }
            #expect(message.deliveries.first?.state == .delivered)
            #expect(provider.calls.count == 1)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aPushExpiresTheConfiguredGiveUpTimeAfterItsMessage(_ store: StoreKind) async throws {
        let provider = ScriptedPushProvider()
        try await store.withHarness(configure: { configuration in
            configuration.pushProviders["ios"] = provider
            configuration.pushRetry.pollInterval = .milliseconds(20)
            configuration.pushRetry.giveUpAfter = .seconds(600)
        }) { harness in
            try await harness.notifier.people.putUser("joe", password: "pw")
            _ = try #require(try await harness.notifier.people.login(username: "joe", password: "pw", deviceId: "iphone",
                                                              deviceName: "Joe's iPhone", platform: "ios", pushToken: "aaaa1111"))
            let id = try await Self.send(harness)
            let message = try await harness.withDeliveryEngines { try await harness.settledMessage(id) }
            #expect(message.deliveries.first?.state == .delivered)
            #expect(provider.calls.map(\.expiresAt) == [message.sentAt.addingTimeInterval(600)])
        }
    }

    @Test func outcomesBecomeStatesWithBackoffAndRetryAfter() {
        var policy = DeliveryRetryPolicy()
        policy.initialDelay = .seconds(1)
        let sent = Date(timeIntervalSince1970: 1_000_000)
        let item = ClaimedPush(key: 1, delivery: PushDelivery(
            deliveryId: "d", push: Push(messageId: "m", title: "t", body: "b"),
            device: NotifyDevice(key: 1, username: "joe", deviceId: "p", deviceName: "P", platform: "ios", pushToken: "t"),
            attempts: 2, expiresAt: sent), sentAt: sent)
        let now = sent.addingTimeInterval(10)
        let backoff = DeliveryOutcome.retry(reason: "500", after: nil)
        let retry = policy.result(of: backoff, for: item, at: now, random: 1)
        #expect(retry.state == .pending)
        #expect(retry.nextAttemptAt == now.addingTimeInterval(4))     // third failure: 1 s × 2²
        let told = policy.result(of: .retry(reason: "429", after: .seconds(30)), for: item, at: now, random: 1)
        #expect(told.nextAttemptAt == now.addingTimeInterval(30))
        let late = policy.result(of: backoff, for: item, at: sent.addingTimeInterval(86_399), random: 1)
        #expect(late.state == .failed)
        #expect(policy.result(of: .gone(reason: "410"), for: item, at: now).state == .gone)
        #expect(policy.result(of: .delivered, for: item, at: now).state == .delivered)
    }
}
