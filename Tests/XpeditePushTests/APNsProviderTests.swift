import XpeditePush
import XpediteTestFixtures
import Crypto
import Foundation
import AsyncHTTPClient
import Testing
import XpediteNotify
import XpeditePushStandIns
import XpediteProtocol

/// ``APNsProvider`` against the APNs stand-in over real TLS and HTTP/2, through each sender (the
/// one on swift-nio-http2 and AsyncHTTPClient's): the stand-in checks every header, the provider
/// token and the body as Apple does.
@Suite struct APNsProviderTests {
    @Test(arguments: APNsSenderKind.allCases)
    func aPushIsAcceptedWithEveryHeaderAndTheBodyRight(sender: APNsSenderKind) async throws {
        try await APNsHarness.run(sender: sender) { harness in
            let push = PushTesting.hint()
            let delivery = PushTesting.delivery(push, pushToken: PushTesting.apnsToken(), now: harness.clock.now)
            #expect(await harness.provider.deliver(delivery) == .delivered)

            let accepted = try #require(harness.standIn.accepted.first)
            #expect(harness.standIn.accepted.count == 1)
            #expect(accepted.deviceToken == PushTesting.apnsToken())
            #expect(accepted.apnsId == delivery.deliveryId)
            #expect(accepted.topic == APNsHarness.topic)
            #expect(accepted.pushType == "alert")
            #expect(accepted.priority == "10")
            #expect(accepted.expiration == String(Int(delivery.expiresAt.timeIntervalSince1970)))
            #expect(accepted.isHTTP2)
            #expect(accepted.body == [
                "aps": ["alert": ["title": .string(push.title), "body": .string(push.body)], "sound": "default"],
                "messageId": .string(push.messageId),
            ])
            let jwt = try JSONWebToken(parsing: accepted.jwt)
            #expect(jwt.algorithm == "ES256")
            #expect(jwt.keyId == APNsHarness.keyId)
            #expect(jwt.string("iss") == APNsHarness.teamId)
            #expect(jwt.integer("iat") == Int(harness.clock.now.timeIntervalSince1970))
            #expect(harness.provider.name == "apns" && harness.provider.maximumPushSize == 4096 && harness.provider.concurrency == 500)
        }
    }

    @Test(arguments: APNsSenderKind.allCases)
    func aDirectPayloadTravelsWhenTheBodyFits4096Bytes(sender: APNsSenderKind) async throws {
        try await APNsHarness.run(sender: sender) { harness in
            let push = try PushTesting.smallDirect()
            #expect(await harness.provider.deliver(PushTesting.delivery(push, pushToken: PushTesting.apnsToken())) == .delivered)
            let body = try #require(harness.standIn.accepted.first?.body)
            #expect(body["payload"] == push.payload?.json)
            #expect(body["messageId"]?.stringValue == push.messageId)
        }
    }

    @Test(arguments: APNsSenderKind.allCases)
    func aDirectPayloadStaysOutWhenTheBodyWouldNotFit(sender: APNsSenderKind) async throws {
        try await APNsHarness.run(sender: sender) { harness in
            let push = try PushTesting.bigDirect()
            #expect(await harness.provider.deliver(PushTesting.delivery(push, pushToken: PushTesting.apnsToken())) == .delivered)
            let accepted = try #require(harness.standIn.accepted.first)
            #expect(accepted.body["payload"] == nil)
            #expect(accepted.body["messageId"]?.stringValue == push.messageId)
            #expect(accepted.bodySize <= 4096)
        }
    }

    @Test(arguments: APNsSenderKind.allCases)
    func payloadTooLargeIsSentOnceMoreWithoutThePayload(sender: APNsSenderKind) async throws {
        try await APNsHarness.run(sender: sender) { harness in
            harness.standIn.setRule { number, _ in number == 1 ? .payloadTooLarge : .accept }
            let push = try PushTesting.smallDirect()
            #expect(await harness.provider.deliver(PushTesting.delivery(push, pushToken: PushTesting.apnsToken())) == .delivered)
            #expect(harness.standIn.answers.map(\.status) == [413, 200])
            #expect(harness.standIn.accepted.first?.body["payload"] == nil)
        }
    }

    @Test(arguments: APNsSenderKind.allCases)
    func oneProviderTokenServesManyPushesAndIsRenewedAfter40Minutes(sender: APNsSenderKind) async throws {
        try await APNsHarness.run(sender: sender) { harness in
            for index in 0..<20 {
                #expect(await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken(index))) == .delivered)
            }
            let first = Set(harness.standIn.accepted.map(\.jwt))
            #expect(first.count == 1)

            harness.clock.advance(by: 39 * 60)
            #expect(await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken())) == .delivered)
            #expect(harness.standIn.accepted.last?.jwt == first.first)

            harness.clock.advance(by: 2 * 60)
            #expect(await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken())) == .delivered)
            let renewed = try #require(harness.standIn.accepted.last?.jwt)
            #expect(renewed != first.first)
            #expect(try JSONWebToken(parsing: renewed).integer("iat") == Int(harness.clock.now.timeIntervalSince1970))
            #expect(harness.standIn.answers.allSatisfy { $0.status == 200 })
        }
    }

    @Test(arguments: APNsSenderKind.allCases)
    func anExpiredProviderTokenIsRenewedAndThePushSentAgain(sender: APNsSenderKind) async throws {
        try await APNsHarness.run(sender: sender) { harness in
            harness.standIn.setRule { number, _ in number == 1 ? .expiredProviderToken : .accept }
            let before = try harness.provider.providerToken.current()
            #expect(await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken())) == .delivered)
            #expect(harness.standIn.answers == [.init(status: 403, reason: "ExpiredProviderToken"), .init(status: 200, reason: nil)])
            let used = try #require(harness.standIn.accepted.first?.jwt)
            #expect(used != before)
            #expect(try harness.provider.providerToken.current() == used)
        }
    }

    @Test(arguments: APNsSenderKind.allCases)
    func anExpiredProviderTokenTwiceInARowIsARetry(sender: APNsSenderKind) async throws {
        try await APNsHarness.run(sender: sender) { harness in
            harness.standIn.setBehaviour(.expiredProviderToken)
            let outcome = await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken()))
            #expect(outcome == .retry(reason: "403 ExpiredProviderToken"))
            #expect(harness.standIn.requestCount == 2)
        }
    }

    @Test(arguments: APNsSenderKind.allCases, [
        (APNsStandIn.Behaviour.unregistered, "410 Unregistered"),
        (.badDeviceToken, "400 BadDeviceToken"),
        (.deviceTokenNotForTopic, "400 DeviceTokenNotForTopic"),
    ])
    func aDeviceAPNsNoLongerKnowsIsGone(sender: APNsSenderKind, answer: (APNsStandIn.Behaviour, String)) async throws {
        let (behaviour, reason) = answer
        try await APNsHarness.run(sender: sender) { harness in
            harness.standIn.setBehaviour(behaviour)
            let outcome = await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken()))
            #expect(outcome == .gone(reason: reason))
            #expect(harness.standIn.accepted.isEmpty)
        }
    }

    @Test(arguments: APNsSenderKind.allCases)
    func tooManyRequestsIsARetryAfterRetryAfterSeconds(sender: APNsSenderKind) async throws {
        try await APNsHarness.run(sender: sender) { harness in
            harness.standIn.setBehaviour(.tooManyRequests(retryAfter: "120"))
            let outcome = await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken()))
            #expect(outcome == .retry(reason: "429 TooManyRequests", after: .seconds(120)))
        }
    }

    @Test(arguments: APNsSenderKind.allCases)
    func tooManyRequestsIsARetryAfterARetryAfterDate(sender: APNsSenderKind) async throws {
        let clock = TestClock(start: Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)))
        try await APNsHarness.run(sender: sender, clock: clock) { harness in
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            let date = formatter.string(from: harness.clock.now.addingTimeInterval(90))
            harness.standIn.setBehaviour(.tooManyRequests(retryAfter: date))
            let outcome = await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken()))
            #expect(outcome == .retry(reason: "429 TooManyRequests", after: .seconds(90)))
        }
    }

    @Test(arguments: APNsSenderKind.allCases, [
        (APNsStandIn.Behaviour.internalServerError, "500 InternalServerError"),
        (.serviceUnavailable, "503 ServiceUnavailable"),
        (.tooManyRequests(retryAfter: nil), "429 TooManyRequests"),
    ])
    func aServerErrorIsARetry(sender: APNsSenderKind, answer: (APNsStandIn.Behaviour, String)) async throws {
        let (behaviour, reason) = answer
        try await APNsHarness.run(sender: sender) { harness in
            harness.standIn.setBehaviour(behaviour)
            let outcome = await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken()))
            #expect(outcome == .retry(reason: reason, after: nil))
        }
    }

    @Test(arguments: APNsSenderKind.allCases)
    func aDeviceWithoutPushTokenFailsWithoutARequest(sender: APNsSenderKind) async throws {
        try await APNsHarness.run(sender: sender) { harness in
            #expect(await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: nil)) == .failed(reason: "no push token"))
            #expect(harness.standIn.requestCount == 0)
        }
    }

    @Test(arguments: APNsSenderKind.allCases)
    func aHundredConcurrentDeliveriesShareFewConnections(sender: APNsSenderKind) async throws {
        try await APNsHarness.run(sender: sender) { harness in
            let provider = harness.provider
            let outcomes = await PushTesting.deliverAtOnce(100, through: provider) { index in
                PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken(index))
            }
            #expect(outcomes.count == 100)
            #expect(outcomes.filter { $0 != .delivered } == [])
            let accepted = harness.standIn.accepted
            #expect(Set(accepted.map(\.deviceToken)).count == 100)
            #expect(accepted.allSatisfy { $0.isHTTP2 })
            let connections = Set(accepted.map(\.connection))
            #expect(connections.count <= 4, "100 streams came on \(connections.count) connections")
            #expect(Set(accepted.map(\.jwt)).count == 1)
        }
    }

    @Test(arguments: APNsSenderKind.allCases)
    func pushesSpreadOverTheConnectionsUpToTheLimit(sender: APNsSenderKind) async throws {
        let key = P256.Signing.PrivateKey()
        let standIn = APNsStandIn(publicKey: key.publicKey, keyId: APNsHarness.keyId, teamId: APNsHarness.teamId,
                                  topic: APNsHarness.topic)
        try await standIn.start()
        // A pool of at most two. AsyncHTTPClient: one connection per event loop of the client's
        // group, two when the group has two or more loops. The HTTP/2 sender: two connections
        // whatever the loops. Each carries its turn of the pushes.
        let loops = Array(HTTPClient.defaultEventLoopGroup.makeIterator()).count
        let (connections, perConnection) = try await PushTesting.withClient { client in
            let configuration = try APNsConfiguration(keyPEM: key.pemRepresentation, keyId: APNsHarness.keyId,
                                                      teamId: APNsHarness.teamId, topic: APNsHarness.topic, baseURL: standIn.baseURL)
            let provider = try APNsHarness.makeProvider(sender, configuration: configuration, client: client, connections: 2)
            let outcomes = await PushTesting.deliverAtOnce(40, through: provider) { index in
                PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken(index))
            }
            await provider.shutdown()
            #expect(outcomes.count == 40)
            #expect(outcomes.filter { $0 != .delivered } == [])
            return (provider.connections, Dictionary(grouping: standIn.accepted, by: \.connection).mapValues(\.count))
        }
        try await standIn.stop()
        #expect(connections == (sender == .http2 ? 2 : min(2, loops)))
        #expect(perConnection.count == connections, "40 pushes came on \(perConnection.count) connections")
        #expect(perConnection.values.allSatisfy { $0 == 40 / connections })
    }

    @Test(arguments: APNsSenderKind.allCases)
    func aMessagesBodyIsMadeFromThePushItIsSentWith(sender: APNsSenderKind) async throws {
        try await APNsHarness.run(sender: sender) { harness in
            // Two pushes with one message id but different words: each is sent with its own
            // (the body kept for a message is used only for the very same push).
            var first = PushTesting.hint("message-1")
            first.title = "First"
            var second = first
            second.title = "Second"
            for push in [first, first, second] {
                #expect(await harness.provider.deliver(PushTesting.delivery(push, pushToken: PushTesting.apnsToken())) == .delivered)
            }
            #expect(harness.standIn.accepted.map { $0.body["aps"]?["alert"]?["title"]?.stringValue } == ["First", "First", "Second"])
        }
    }

    @Test(arguments: APNsSenderKind.allCases)
    func deliveriesGoOnAfterTheServiceRestarts(sender: APNsSenderKind) async throws {
        try await APNsHarness.run(sender: sender) { harness in
            #expect(await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken(1))) == .delivered)
            let port = harness.standIn.port
            try await harness.standIn.restart()
            #expect(harness.standIn.port == port)
            #expect(await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken(2))) == .delivered)
            #expect(harness.standIn.accepted.map(\.deviceToken) == [PushTesting.apnsToken(1), PushTesting.apnsToken(2)])
        }
    }

    @Test(arguments: APNsSenderKind.allCases)
    func aStoppedServiceIsARetry(sender: APNsSenderKind) async throws {
        try await APNsHarness.run(sender: sender) { harness in
            try await harness.standIn.stop()
            let outcome = await harness.provider.deliver(PushTesting.delivery(PushTesting.hint(), pushToken: PushTesting.apnsToken()))
            guard case .retry(let reason, nil) = outcome else {
                Issue.record("expected a retry, got \(outcome)")
                return
            }
            #expect(reason.hasPrefix("transport:"))
        }
    }
}
