import XpediteTestFixtures
import Foundation
import Testing
import XpediteNotify
import XpeditePush
import XpeditePushStandIns
import XpediteProtocol

/// Withdrawal pushes (docs/push.md#withdrawal-pushes) against the push services' stand-ins: APNs
/// gets a background push with the message's `apns-collapse-id`, FCM a data message.
@Suite struct WithdrawalPushTests {
    @Test(arguments: APNsSenderKind.allCases)
    func apnsGetsABackgroundPushWithTheMessagesCollapseId(sender: APNsSenderKind) async throws {
        try await APNsHarness.run(sender: sender) { harness in
            let push = PushTesting.hint()
            let token = PushTesting.apnsToken()
            #expect(await harness.provider.deliver(PushTesting.delivery(push, pushToken: token, now: harness.clock.now)) == .delivered)
            let withdrawal = PushTesting.delivery(.withdrawal(of: push.messageId), pushToken: token, now: harness.clock.now)
            #expect(await harness.provider.deliver(withdrawal) == .delivered)

            let accepted = harness.standIn.accepted
            try #require(accepted.count == 2)
            #expect(accepted[0].pushType == "alert" && accepted[0].priority == "10")
            #expect(accepted[0].collapseId == push.messageId)
            #expect(accepted[1].pushType == "background")
            #expect(accepted[1].priority == "5")
            #expect(accepted[1].collapseId == push.messageId)
            #expect(accepted[1].apnsId == withdrawal.deliveryId)
            #expect(accepted[1].body == ["aps": ["content-available": 1], "type": "withdrawn", "messageId": .string(push.messageId)])
        }
    }

    @Test func fcmGetsADataMessageWithoutNotification() async throws {
        try await FCMHarness.run { harness in
            let messageId = UUID().uuidString.lowercased()
            let token = "fcm-registration-token:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx"
            let delivery = PushTesting.delivery(.withdrawal(of: messageId), pushToken: token, platform: "android")
            #expect(await harness.provider.deliver(delivery) == .delivered)
            let message = try #require(harness.standIn.accepted.first)
            #expect(message.title == nil && message.body == nil)
            #expect(message.data == ["type": "withdrawn", "messageId": messageId])
            #expect(message.request == ["message": ["token": .string(token), "data": ["type": "withdrawn", "messageId": .string(messageId)]]])
        }
    }

    @Test func aWithdrawalPushIsTheSameJSONOnEveryProvider() {
        let push = Push.withdrawal(of: "m-1")
        #expect(push.kind == .withdrawal)
        #expect(push.json == ["type": "withdrawn", "messageId": "m-1"])
        #expect(PushTesting.hint("m-1").json["type"] == nil)
    }
}
