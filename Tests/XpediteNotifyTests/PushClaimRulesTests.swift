import Foundation
import Testing
import XpediteNotify

/// The rules every store's claim of the push outbox follows (PushClaimRules): the four reasons a
/// due row is dropped, and a claimed push's expiry from the configured give-up time.
@Suite struct PushClaimRulesTests {
    static let sentAt = Date(timeIntervalSince1970: 1_800_000_000)

    static func due(answered: Bool = false, device: NotifyDevice? = phone(), sentAt: Date = sentAt) -> DuePush {
        DuePush(key: 7, deliveryId: "d-7", messageId: "m-1", attempts: 2, sentAt: sentAt, answered: answered, device: device)
    }

    static func phone(pushToken: String? = "aaaa") -> NotifyDevice {
        NotifyDevice(key: 3, username: "joe", deviceId: "iphone", deviceName: "P", platform: "ios", pushToken: pushToken)
    }

    @Test func aRowIsDroppedForEachOfTheFourReasonsInOrder() {
        let rules = PushClaimRules(now: Self.sentAt.addingTimeInterval(600), needsPushTarget: true, giveUpAfter: .seconds(300))
        let fresh = PushClaimRules(now: Self.sentAt.addingTimeInterval(60), needsPushTarget: true, giveUpAfter: .seconds(300))
        #expect(fresh.dropReason(Self.due(answered: true, device: nil)) == "the recipient answered the message")
        #expect(fresh.dropReason(Self.due(device: nil)) == "the device logged out")
        #expect(rules.dropReason(Self.due()) == "given up: the message is older than the retry window")
        #expect(fresh.dropReason(Self.due(device: Self.phone(pushToken: nil))) == "the device has no push token")
        #expect(fresh.dropReason(Self.due()) == nil)
        let tokenless = PushClaimRules(now: Self.sentAt, needsPushTarget: false, giveUpAfter: nil)
        #expect(tokenless.dropReason(Self.due(device: Self.phone(pushToken: nil))) == nil)
        let never = PushClaimRules(now: Self.sentAt.addingTimeInterval(86_400 * 365), needsPushTarget: true, giveUpAfter: nil)
        #expect(never.dropReason(Self.due()) == nil)
    }

    @Test func aClaimedPushExpiresWhenItIsGivenUpAtMost28DaysAfterItsMessage() throws {
        let push = Push(messageId: "m-1", title: "T", body: "B")
        let rules = PushClaimRules(now: Self.sentAt, needsPushTarget: true, giveUpAfter: .seconds(7200))
        guard case .claim(let claimed) = rules.decide(Self.due(), push: { push }) else {
            Issue.record("not claimed")
            return
        }
        #expect(claimed.delivery.expiresAt == Self.sentAt.addingTimeInterval(7200))
        #expect(claimed.delivery.push == push)
        #expect(claimed.key == 7 && claimed.delivery.attempts == 2 && claimed.sentAt == Self.sentAt)
        let never = PushClaimRules(now: Self.sentAt, needsPushTarget: true, giveUpAfter: nil)
        #expect(never.expiry(ofMessageSentAt: Self.sentAt) == Self.sentAt.addingTimeInterval(28 * 86_400))
        let long = PushClaimRules(now: Self.sentAt, needsPushTarget: true, giveUpAfter: .seconds(90 * 86_400))
        #expect(long.expiry(ofMessageSentAt: Self.sentAt) == Self.sentAt.addingTimeInterval(28 * 86_400))
    }

    @Test func aDroppedRowMakesNoPush() {
        let rules = PushClaimRules(now: Self.sentAt, needsPushTarget: true, giveUpAfter: nil)
        var made = 0
        let decision = rules.decide(Self.due(answered: true)) {
            made += 1
            return Push(messageId: "m-1", title: "T", body: "B")
        }
        #expect(decision == .drop(reason: "the recipient answered the message"))
        #expect(made == 0)
    }
}
