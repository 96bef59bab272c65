import XpeditePush
import XpediteTestFixtures
import Foundation
import Testing
import XpediteNotify
import XpeditePushStandIns
import XpediteProtocol

/// ``FCMProvider`` and ``FCMAccessTokens`` against the FCM stand-in over real TLS: the stand-in
/// verifies the RS256 assertion, the access token and the message's shape.
@Suite struct FCMProviderTests {
    static let token = "fcm-registration-token:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx"

    @Test func aMessageCarriesTitleBodyAndStringData() async throws {
        try await FCMHarness.run { harness in
            let push = PushTesting.hint()
            #expect(await harness.provider.deliver(PushTesting.delivery(push, pushToken: Self.token, platform: "android")) == .delivered)
            let message = try #require(harness.standIn.accepted.first)
            #expect(message.token == Self.token)
            #expect(message.title == push.title && message.body == push.body)
            #expect(message.data == ["messageId": push.messageId])
            #expect(message.request == ["message": [
                "token": .string(Self.token), "notification": ["title": .string(push.title), "body": .string(push.body)],
                "data": ["messageId": .string(push.messageId)],
            ]])
            #expect(harness.provider.name == "fcm" && harness.provider.maximumPushSize == 4096 && harness.provider.concurrency == 200)
        }
    }

    @Test func aDirectPayloadTravelsAsAJSONString() async throws {
        try await FCMHarness.run { harness in
            let push = try PushTesting.smallDirect()
            #expect(await harness.provider.deliver(PushTesting.delivery(push, pushToken: Self.token, platform: "android")) == .delivered)
            let data = try #require(harness.standIn.accepted.first?.data)
            let payload = try #require(data["payload"])
            #expect(try JSONValue(parsing: payload) == push.payload?.json)
            #expect(data["messageId"] == push.messageId)
        }
    }

    @Test func aDirectPayloadStaysOutWhenTheMessageWouldNotFit() async throws {
        try await FCMHarness.run { harness in
            let push = try PushTesting.bigDirect()
            #expect(await harness.provider.deliver(PushTesting.delivery(push, pushToken: Self.token, platform: "android")) == .delivered)
            #expect(harness.standIn.accepted.first?.data == ["messageId": push.messageId])
        }
    }

    @Test func oneAccessTokenServesManySendsAndConcurrentCallersShareOneGrant() async throws {
        try await FCMHarness.run { harness in
            let provider = harness.provider
            let outcomes = await PushTesting.deliverAtOnce(30, through: provider) { index in
                PushTesting.delivery(PushTesting.hint(), pushToken: "\(Self.token)-\(index)", platform: "android")
            }
            #expect(outcomes.count == 30 && outcomes.allSatisfy { $0 == .delivered })
            for index in 0..<10 {
                #expect(await provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: "\(Self.token)-s\(index)", platform: "android")) == .delivered)
            }
            #expect(harness.standIn.tokenGrants == 1)
            #expect(Set(harness.standIn.accepted.map(\.accessToken)).count == 1)
            #expect(harness.standIn.accepted.count == 40)
        }
    }

    @Test func anAccessTokenIsReplacedAMinuteBeforeItExpires() async throws {
        try await FCMHarness.run { harness in
            harness.standIn.setAccessTokenLifetime(seconds: 600)
            #expect(await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: Self.token, platform: "android")) == .delivered)
            harness.clock.advance(by: 530)
            #expect(await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: Self.token, platform: "android")) == .delivered)
            #expect(harness.standIn.tokenGrants == 1)
            harness.clock.advance(by: 20)
            #expect(await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: Self.token, platform: "android")) == .delivered)
            #expect(harness.standIn.tokenGrants == 2)
            #expect(harness.standIn.answers == [200, 200, 200])
        }
    }

    @Test func aRefusedAccessTokenIsReplacedAndTheMessageSentAgain() async throws {
        try await FCMHarness.run { harness in
            harness.standIn.setRule { number, _ in number == 2 ? .expireAccessTokens : .accept }
            for _ in 0..<2 {
                #expect(await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: Self.token, platform: "android")) == .delivered)
            }
            #expect(harness.standIn.answers == [200, 401, 200])
            #expect(harness.standIn.tokenGrants == 2)
            #expect(Set(harness.standIn.accepted.map(\.accessToken)).count == 2)
        }
    }

    @Test(arguments: [
        (FCMStandIn.Behaviour.unregistered, "404 UNREGISTERED: Requested entity was not found."),
        (.invalidToken, "400 INVALID_ARGUMENT: The registration token is not a valid FCM registration token"),
    ])
    func aDeviceFCMNoLongerKnowsIsGone(behaviour: FCMStandIn.Behaviour, reason: String) async throws {
        try await FCMHarness.run { harness in
            harness.standIn.setBehaviour(behaviour)
            let outcome = await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: Self.token, platform: "android"))
            #expect(outcome == .gone(reason: reason))
        }
    }

    @Test func quotaExceededIsARetryAfterRetryAfter() async throws {
        try await FCMHarness.run { harness in
            harness.standIn.setBehaviour(.quotaExceeded(retryAfter: "30"))
            let outcome = await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: Self.token, platform: "android"))
            #expect(outcome == .retry(reason: "429 QUOTA_EXCEEDED: Quota exceeded.", after: .seconds(30)))
        }
    }

    @Test func unavailableIsARetry() async throws {
        try await FCMHarness.run { harness in
            harness.standIn.setBehaviour(.unavailable)
            let outcome = await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: Self.token, platform: "android"))
            #expect(outcome == .retry(reason: "503 UNAVAILABLE: The service is currently unavailable.", after: nil))
        }
    }

    @Test func aDeviceWithoutPushTokenFailsWithoutARequest() async throws {
        try await FCMHarness.run { harness in
            let outcome = await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: nil, platform: "android"))
            #expect(outcome == .failed(reason: "no push token"))
            #expect(harness.standIn.sendCount == 0 && harness.standIn.tokenGrants == 0)
        }
    }

    @Test func anAccountTheTokenEndpointRefusesFailsTheDelivery() async throws {
        try await FCMHarness.run { harness in
            // Another key signs the assertion: the stand-in cannot verify it.
            let stranger = try ThrowawayServiceAccount(projectId: harness.account.projectId, clientEmail: harness.account.clientEmail)
            let account = try FCMServiceAccount(projectId: stranger.projectId, clientEmail: stranger.clientEmail,
                                                privateKey: stranger.privateKey, tokenURI: harness.standIn.tokenURL)
            try await PushTesting.withClient { client in
                let provider = try FCMProvider(serviceAccount: account, httpClient: client, logger: PushTesting.logger,
                                               baseURL: harness.standIn.baseURL)
                let outcome = await provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: Self.token, platform: "android"))
                #expect(outcome == .failed(reason: "access token refused: 400 invalid_grant: Invalid JWT Signature."))
            }
            #expect(harness.standIn.sendCount == 0)
        }
    }
}
