import Crypto
import Foundation
import Logging
import Testing
import XpediteNotify
import XpediteProtocol
import XpeditePush
import XpeditePushStandIns
import XpediteNotifySQLite
import XpediteTestFixtures

/// Web Push (RFC 8030, 8291, 8292): the encryption against the RFC's own example, the allowlist,
/// and the provider against a push service that decrypts and checks the VAPID signature.
@Suite struct WebPushTests {
    /// RFC 8291 Appendix A: the example's keys, salt and secret give the example's body, byte for byte.
    @Test func theEncryptionMatchesRFC8291AppendixA() throws {
        func bytes(_ text: String) throws -> Data { try #require(Base64URL.decode(text)) }
        let senderKey = try P256.KeyAgreement.PrivateKey(rawRepresentation: bytes("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"))
        #expect(Base64URL.encode(senderKey.publicKey.x963Representation)
                == "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8")
        let subscription = WebPushSubscription(
            endpoint: "https://push.example.net/push/JzLQ3raZJfFBR0aqvOMsLrt54w4rJUsV",
            p256dh: try bytes("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"),
            auth: try bytes("BTBZMqHH6r4Tts7J_aSIgg"))
        let body = try WebPushEncryption.encrypt(Data("When I grow up, I want to be a watermelon".utf8), for: subscription,
                                                 senderKey: senderKey, salt: try bytes("DGv6ra1nlYgDCS1FRnbzlw"))
        #expect(Base64URL.encode(body) == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
    }

    @Test func theAllowlistTakesHttpsOnListedHostsAndHttpOnlyOnListedLoopback() {
        let list = WebPushAllowlist.default
        #expect(list.allows("https://fcm.googleapis.com/fcm/send/abc"))
        #expect(list.allows("https://wns2-par02p.notify.windows.com/w/?token=x"))
        #expect(list.allows("https://web.push.apple.com/QGuQyavXut"))
        #expect(!list.allows("http://fcm.googleapis.com/fcm/send/abc"))          // not https
        #expect(!list.allows("https://evil.example.com/fcm.googleapis.com"))
        #expect(!list.allows("https://notify.windows.com.evil.example/x"))
        #expect(!list.allows("https://user:pw@fcm.googleapis.com/x"))
        #expect(!list.allows("file:///etc/passwd"))
        #expect(!list.allows("http://127.0.0.1:9/push"))                         // loopback, but not listed
        let local = WebPushAllowlist(commaSeparated: "127.0.0.1, *.push.example")
        #expect(local.allows("http://127.0.0.1:8443/push/x"))
        #expect(local.allows("https://eu.push.example/x"))
        #expect(!local.allows("http://eu.push.example/x"))                       // http only to loopback
        #expect(!local.allows("https://fcm.googleapis.com/x"))                   // the list replaces the default
    }

    @Test func aSubscriptionIsCheckedAtItsPaths() throws {
        let allowlist = WebPushAllowlist(commaSeparated: "127.0.0.1")
        let path = JSONPath.root.appending("webPush")
        do {
            _ = try WebPushSubscription(json: ["endpoint": "https://127.0.0.1/push/1", "keys": ["p256dh": "AAAA", "auth": "x"]],
                                        at: path, allowlist: allowlist)
            Issue.record("expected 422")
        } catch let error as NotifyError {
            #expect(error.code == "invalid")
            #expect(error.issues.map(\.path.description) == ["$.webPush.keys.p256dh", "$.webPush.keys.auth"])
        }
        let good = P256.KeyAgreement.PrivateKey().publicKey.x963Representation
        do {
            _ = try WebPushSubscription(json: ["endpoint": "https://attacker.example/hook",
                                               "keys": ["p256dh": .string(Base64URL.encode(good)), "auth": "AAAAAAAAAAAAAAAAAAAAAA"]],
                                        at: path, allowlist: allowlist)
            Issue.record("expected 422")
        } catch let error as NotifyError {
            #expect(error.status == .unprocessableContent)
            #expect(error.code == "push-endpoint-not-allowed")
            #expect(error.issues.map(\.path.description) == ["$.webPush.endpoint"])
        }
    }

    /// A provider for the stand-in's subscriptions (its host allowed), through a client trusting the test CA.
    static func withProvider(_ body: @Sendable (WebPushStandIn, WebPushProvider, VAPIDKey) async throws -> Void) async throws {
        let standIn = WebPushStandIn()
        try await standIn.start()
        let key = VAPIDKey(privateKey: P256.Signing.PrivateKey())
        do {
            try await PushTesting.withClient { client in
                let provider = WebPushProvider(key: key, subject: "mailto:ops@example.com",
                                               allowlist: WebPushAllowlist(commaSeparated: "127.0.0.1"), httpClient: client,
                                               logger: PushTesting.logger)
                try await body(standIn, provider, key)
            }
        } catch {
            try await standIn.stop()
            throw error
        }
        try await standIn.stop()
    }

    static func delivery(_ push: Push, to subscription: WebPushSubscription) -> PushDelivery {
        PushDelivery(deliveryId: UUID().uuidString.lowercased(), push: push,
                     device: NotifyDevice(key: 1, username: "joe", deviceId: "browser", deviceName: "Firefox", platform: "web",
                                          pushToken: nil, webPush: subscription),
                     attempts: 0, expiresAt: Date().addingTimeInterval(3600))
    }

    @Test func aPushIsEncryptedSignedAndAcceptedAndTheVAPIDTokenIsReused() async throws {
        try await Self.withProvider { standIn, provider, key in
            let subscription = standIn.subscribe()
            let push = try PushTesting.smallDirect()
            #expect(await provider.deliver(Self.delivery(push, to: subscription)) == .delivered)
            #expect(await provider.deliver(Self.delivery(PushTesting.hint(), to: subscription)) == .delivered)
            #expect(standIn.refusals.isEmpty)
            let accepted = standIn.accepted
            #expect(accepted.count == 2)
            #expect(accepted.first?.message == push.json)                         // what the browser decrypts
            #expect(accepted.first?.urgency == "high")
            #expect((3590...3600).contains(accepted.first?.ttl ?? 0))
            #expect(accepted.first?.publicKey == key.publicKeyBase64URL)
            #expect(accepted.map(\.jwt).count == 2 && Set(accepted.map(\.jwt)).count == 1)    // one token per origin
            let jwt = try JSONWebToken(parsing: try #require(accepted.first?.jwt))
            #expect(jwt.string("sub") == "mailto:ops@example.com")
            #expect(jwt.string("aud") == standIn.baseURL)
        }
    }

    static func outcome(_ provider: WebPushProvider, _ delivery: PushDelivery) async throws -> DeliveryOutcome {
        await provider.deliver(delivery)
    }

    @Test func answersBecomeOutcomes() async throws {
        try await Self.withProvider { standIn, provider, _ in
            let subscription = standIn.subscribe()
            standIn.setBehaviour(.gone)
            #expect(try await Self.outcome(provider, Self.delivery(PushTesting.hint(), to: subscription)) == .gone(reason: "410 Gone"))
            standIn.setBehaviour(.notFound)
            #expect(try await Self.outcome(provider, Self.delivery(PushTesting.hint(), to: subscription)) == .gone(reason: "404 Not Found"))
            standIn.setBehaviour(.tooManyRequests(retryAfter: "30"))
            #expect(try await Self.outcome(provider, Self.delivery(PushTesting.hint(), to: subscription)) == .retry(reason: "429 Too Many Requests", after: .seconds(30)))
            standIn.setBehaviour(.internalServerError)
            #expect(try await Self.outcome(provider, Self.delivery(PushTesting.hint(), to: subscription)) == .retry(reason: "500 Internal Server Error", after: nil))
            // 413 with the payload: sent again without it, and accepted.
            standIn.setBehaviour(.tooLargeWithPayload)
            let direct = try PushTesting.smallDirect()
            #expect(try await Self.outcome(provider, Self.delivery(direct, to: subscription)) == .delivered)
            #expect(standIn.accepted.last?.message["payload"] == nil)
            #expect(standIn.accepted.last?.message["messageId"] == .string(direct.messageId))
            // A redirect is not followed.
            let before = standIn.requestCount
            standIn.setBehaviour(.redirect(to: standIn.baseURL + "/push/" + UUID().uuidString))
            #expect(try await Self.outcome(provider, Self.delivery(PushTesting.hint(), to: subscription)) == .failed(reason: "307 Temporary Redirect"))
            #expect(standIn.requestCount == before + 1)
            #expect(standIn.refusals.isEmpty)
        }
    }

    @Test func anEndpointNoLongerAllowedIsNotCalled() async throws {
        try await Self.withProvider { standIn, _, key in
            try await PushTesting.withClient { client in
                let strict = WebPushProvider(key: key, subject: "mailto:ops@example.com", allowlist: .default, httpClient: client,
                                             logger: PushTesting.logger)
                let outcome = await strict.deliver(Self.delivery(PushTesting.hint(), to: standIn.subscribe()))
                #expect(outcome == .failed(reason: "the endpoint's host is no longer an allowed push service"))
                #expect(standIn.requestCount == 0)
            }
        }
    }

    @Test func theVAPIDKeyIsGeneratedOnceAndKeptPrivate() throws {
        let directory = try TemporaryDirectory("vapid")
        let first = try VAPIDKey.load(file: nil, directory: directory.url)
        let second = try VAPIDKey.load(file: nil, directory: directory.url)
        #expect(first.publicKeyBase64URL == second.publicKeyBase64URL)
        #expect(try #require(Base64URL.decode(first.publicKeyBase64URL)).count == 65)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(VAPIDKey.fileName).path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let broken = directory.appendingPathComponent("broken.pem")
        try Data("not a key".utf8).write(to: broken)
        #expect(throws: PushConfigurationError.self) { try VAPIDKey.load(file: broken.path, directory: directory.url) }
    }

    /// Servers starting at once on one data directory (the two-server demo) get one key.
    @Test func serversStartingAtOnceOnOneDirectoryGetOneVAPIDKey() async throws {
        let directory = try TemporaryDirectory("vapid-race")
        let url = directory.url
        let keys = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try VAPIDKey.load(file: nil, directory: url).publicKeyBase64URL } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(keys.count == 8)
        #expect(Set(keys).count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path) == [VAPIDKey.fileName])
    }

    @Test func aSendReachesABrowserThroughTheOutboxAndAGoneSubscriptionIsRemoved() async throws {
        let standIn = WebPushStandIn()
        try await standIn.start()
        let directory = try TemporaryDirectory("webpush-outbox")
        try await PushTesting.withClient { client in
            var configuration = NotifyConfiguration(dataDirectory: directory.url, apiKeys: ["k"])
            var webPush = WebPushConfiguration(httpClient: client)
            webPush.allowlist = WebPushAllowlist(commaSeparated: "127.0.0.1")
            configuration.webPush = webPush
            configuration.logger.logLevel = .error
            let notifier = try Notifier(configuration: configuration,
                                        store: SQLiteNotifyStore(directory: configuration.dataDirectory))
            _ = try await notifier.people.putUser("joe", password: "pw")
            let subscription = standIn.subscribe()
            _ = try #require(try await notifier.people.login(username: "joe", password: "pw", deviceId: "firefox", deviceName: "Firefox",
                                                      platform: "web", webPush: subscription))
            let payload = try Payload(validating: ["responseTopic": "/a", "fields": [["id": "ok", "type": "checkbox", "checkboxLabel": "Done"]]])
            let first = try await notifier.sendPayload(payload, title: "Inspection", body: "Unit 7", to: .users(["joe"]), direct: true)
            try await PushFanOutTests.withEngines(of: notifier) {
                while try await PushFanOutTests.pending(notifier, first.messageId) > 0 { try await Task.sleep(for: .milliseconds(10)) }
                #expect(standIn.accepted.first?.message["messageId"] == .string(first.messageId))
                #expect(standIn.accepted.first?.message["payload"] == payload.json)
                #expect(try await notifier.message(first.messageId)?.deliveries.first?.provider == "webpush")
                #expect(try await notifier.message(first.messageId)?.deliveries.first?.state == .delivered)
                // The user unsubscribed: the service answers 410, and the subscription goes.
                standIn.setBehaviour(.gone)
                let second = try await notifier.sendPayload(payload, title: "Again", body: "Unit 8", to: .users(["joe"]))
                while try await PushFanOutTests.pending(notifier, second.messageId) > 0 { try await Task.sleep(for: .milliseconds(10)) }
                #expect(try await notifier.message(second.messageId)?.deliveries.first?.state == .gone)
                #expect(try await notifier.people.devices(of: "joe").first?.webPush == nil)
                #expect(try await notifier.people.devices(of: "joe").first?.hasPushTarget == false)
            }
            #expect(standIn.refusals.isEmpty)
        }
        try await standIn.stop()
    }
}
