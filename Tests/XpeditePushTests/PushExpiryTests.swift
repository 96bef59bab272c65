import Foundation
import Testing
import XpediteNotify
import XpediteProtocol
import XpeditePush
import XpeditePushStandIns
import XpediteStoreTesting
import XpediteTestFixtures

/// A push expires at the push service when the delivery engine would give it up: the configured
/// `pushRetry.giveUpAfter` after its message was sent reaches APNs as `apns-expiration` and Web
/// Push as `TTL`, through the outbox of every store.
@Suite struct PushExpiryTests {
    @Test(arguments: TestedDatabase.available)
    func theConfiguredGiveUpTimeIsTheExpiryAtAPNsAndWebPush(_ tested: TestedDatabase) async throws {
        try await APNsHarness.run(concurrency: 4) { apns in
            let webPush = WebPushStandIn()
            try await webPush.start()
            do {
                try await Self.sendToAnIPhoneAndABrowser(tested, apns: apns, webPush: webPush)
            } catch {
                try await webPush.stop()
                throw error
            }
            try await webPush.stop()
        }
    }

    /// A notifier on a new store of `tested` giving pushes up after 2 h sends one message to an iPhone (APNs) and
    /// a browser (Web Push); both stand-ins see the message's send time plus 2 h.
    static func sendToAnIPhoneAndABrowser(_ tested: TestedDatabase, apns: APNsHarness, webPush: WebPushStandIn) async throws {
        let directory = try TemporaryDirectory("push-expiry")
        try await PushTesting.withClient { client in
            try await tested.database.withNotifyStore { notifyStore in
                var configuration = NotifyConfiguration(dataDirectory: directory.url, apiKeys: ["k"])
                configuration.pushProviders["ios"] = apns.provider
                var web = WebPushConfiguration(httpClient: client)
                web.allowlist = WebPushAllowlist(commaSeparated: "127.0.0.1")
                configuration.webPush = web
                configuration.pushRetry.giveUpAfter = .seconds(7200)
                configuration.logger.logLevel = .error
                let notifier = try Notifier(configuration: configuration, store: notifyStore)
                _ = try await notifier.people.putUser("joe", password: "pw")
                _ = try #require(try await notifier.people.login(username: "joe", password: "pw", deviceId: "iphone", deviceName: "iPhone",
                                                          platform: "ios", pushToken: PushTesting.apnsToken()))
                _ = try #require(try await notifier.people.login(username: "joe", password: "pw", deviceId: "firefox",
                                                          deviceName: "Firefox", platform: "web", webPush: webPush.subscribe()))
                let payload = try Payload(validating: ["responseTopic": "/a", "fields": [
                    ["id": "ok", "type": "checkbox", "checkboxLabel": "Done"],
                ]])
                let sent = try await notifier.sendPayload(payload, title: "Inspection", body: "Unit 7", to: .users(["joe"]))
                let sentAt = try #require(try await notifier.message(sent.messageId)).sentAt
                try await PushFanOutTests.withEngines(of: notifier) {
                    let deadline = ContinuousClock.now.advanced(by: .seconds(30))
                    while try await PushFanOutTests.pending(notifier, sent.messageId) > 0 {
                        guard ContinuousClock.now < deadline else { throw Failure("deliveries still pending after 30 s") }
                        try await Task.sleep(for: .milliseconds(10))
                    }
                }
                let expiry = sentAt.addingTimeInterval(7200)
                #expect(apns.standIn.accepted.map(\.expiration) == [String(Int64(expiry.timeIntervalSince1970.rounded(.down)))])
                let ttl = try #require(webPush.accepted.first?.ttl)
                #expect(webPush.accepted.count == 1)
                #expect((7170...7200).contains(ttl), "TTL \(ttl), not 2 h from the send")
            }
        }
    }
}
