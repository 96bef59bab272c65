import Crypto
import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import XpediteNotify
import XpediteProtocol
import XpeditePush
import XpediteTestFixtures
import XpediteNotifyTestSupport

/// The routes of docs/notify-api.md: answers, error objects and status codes.
@Suite struct NotifyRoutesTests {
    @Test(arguments: StoreKind.tested)
    func anInvalidPayloadIs422WithIssuesUnderPayload(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let answer = try await api.call(.post, "/send", body: [
                    "title": "t", "body": "b", "to": ["users": ["joe"]],
                    "payload": ["responseTopic": "/a/b/c", "fields": [["id": "c", "type": "droplist", "values": ["Red"], "default": "Blue"]]],
                ])
                #expect(answer.status == .unprocessableContent)
                #expect(answer.json["error"]?["code"] == "invalid")
                let paths = answer.json["error"]?["issues"]?.arrayValue?.compactMap { $0["path"]?.stringValue }
                #expect(paths == ["$.payload.fields[0].default"])
            }
        }
    }

    @Test(arguments: [
        (["users": ["joe", "nobody"]] as JSONValue, "$.to.users[1]"),
        (["groups": ["nogroup"]] as JSONValue, "$.to.groups[0]"),
        (["users": ["joe"], "all": true] as JSONValue, "$.to"),
    ])
    func unknownOrAmbiguousRecipientsAre422(to: JSONValue, path: String) async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            try await api.user("joe")
            let answer = try await api.call(.post, "/send", body: ["title": "t", "body": "b", "to": to,
                                                                   "payload": SamplePayloads.colour])
            #expect(answer.status == .unprocessableContent)
            #expect(answer.json["error"]?["issues"]?.arrayValue?.first?["path"]?.stringValue == path)
        }
    }

    @Test(arguments: StoreKind.tested)
    func malformedBodiesAre400(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                let answer = try await api.call(.post, "/send", raw: ByteBuffer(string: "{not json"))
                #expect(answer.status == .badRequest)
                #expect(answer.json["error"]?["code"] == "malformed")
                #expect(try await api.call(.get, "/responses?topic=nope").status == .badRequest)
                #expect(try await api.call(.get, "/responses?topic=/a&after=x").status == .badRequest)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func anUnknownRouteAnswersTheErrorObject(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                for (method, path) in [(HTTPRequest.Method.get, "/nothing"), (.post, "/device/nothing/here"), (.delete, "/nowhere/at/all")] {
                    let answer = try await api.call(method, path)
                    #expect(answer.status == .notFound, "\(method) \(path)")
                    #expect(answer.json["error"]?["code"] == "not_found", "\(method) \(path)")
                }
                #expect(try await api.call(.get, "/users").status == .ok)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func groupsExpandWithoutDuplicates(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe", groups: ["field"])
                try await api.user("ann")
                let group = try await api.call(.put, "/groups/office", body: ["members": ["ann", "joe"]])
                #expect(group.json == ["name": "office", "members": ["ann", "joe"]])
                _ = try await api.login("joe")
                let sent = try await api.call(.post, "/send", body: ["title": "t", "body": "b", "payload": SamplePayloads.colour,
                                                                     "to": ["groups": ["field", "office"]]])
                #expect(sent.status == .created)
                #expect(sent.json["recipients"] == ["joe", "ann"])
                #expect(sent.json["deliveries"] == 1)
                #expect(try await api.call(.put, "/groups/x", body: ["members": ["ghost"]]).status == .unprocessableContent)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func aResponseIsRevalidatedWithOneIssuePerValue(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                let payload: JSONValue = ["responseTopic": "/t", "fields": [
                    ["id": "colour", "type": "droplist", "values": ["Red", "Green"]],
                    ["id": "count", "type": "inputInteger", "minValue": 1, "maxValue": 5],
                    ["id": "photo", "type": "camera"],
                ]]
                let id = try await api.send(payload, to: ["joe"])
                let answer = try await api.answer(id, token: joe, values: ["colour": "Purple", "count": 9, "photo": "rcs/image/nope.jpg"])
                #expect(answer.status == .unprocessableContent)
                let paths = answer.json["error"]?["issues"]?.arrayValue?.compactMap { $0["path"]?.stringValue }
                #expect(paths == ["$.values.colour", "$.values.count", "$.values.photo"])
                // A photo this user uploaded is accepted.
                let upload = try await api.call(.post, "/device/documents?kind=image", token: joe, raw: ByteBuffer(bytes: SampleDocuments.jpeg))
                let name = try #require(upload.json["name"])
                let good = try await api.answer(id, token: joe, values: ["colour": "Red", "count": 3, "photo": name])
                #expect(good.status == .created)
                #expect(good.json["values"] == ["colour": "Red", "count": 3, "photo": name])
                #expect(good.json["messageId"] == .string(id))
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func documentsAreCheckedBySizeAndMagicBytes(_ store: StoreKind) async throws {
        try await store.withHarness(configure: { $0.maximumDocumentSize = 64 }) { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                let wrongKind = try await api.call(.post, "/device/documents?kind=video", token: joe, raw: ByteBuffer(bytes: SampleDocuments.jpeg))
                #expect(wrongKind.status == .unprocessableContent)
                let tooLarge = try await api.call(.post, "/device/documents?kind=image", token: joe,
                                                  raw: ByteBuffer(bytes: SampleDocuments.jpeg + Array(repeating: 0, count: 100)))
                #expect(tooLarge.status == .contentTooLarge)
                #expect(tooLarge.json["error"]?["code"] == "too_large")
                let mp4: [UInt8] = [0, 0, 0, 0x18] + Array("ftypM4A ".utf8) + Array(repeating: 0, count: 12)
                let audio = try await api.call(.post, "/device/documents?kind=audio", token: joe, raw: ByteBuffer(bytes: mp4))
                #expect(audio.status == .created)
                #expect(audio.json["name"]?.stringValue?.hasSuffix(".m4a") == true)
                #expect(try await api.call(.post, "/device/documents?kind=pdf", token: joe, raw: ByteBuffer(bytes: mp4)).status == .badRequest)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func theInboxListsUnansweredMessagesNewestFirst(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                let first = try await api.send(to: ["joe"])
                let second = try await api.send(to: ["joe"])
                var inbox = try await api.call(.get, "/device/inbox", token: joe)
                #expect(inbox.json["messages"]?.arrayValue?.compactMap { $0["messageId"]?.stringValue } == [second, first])
                #expect(inbox.json["messages"]?.arrayValue?.first?["responseTopic"] == "/a/b/c")
                _ = try await api.answer(second, token: joe)
                inbox = try await api.call(.get, "/device/inbox", token: joe)
                #expect(inbox.json["messages"]?.arrayValue?.compactMap { $0["messageId"]?.stringValue } == [first])
                let message = try await api.call(.get, "/messages/\(second)")
                #expect(message.json["recipients"]?.arrayValue?.first?["state"] == "answered")
                // The application runs the delivery engines, which push the unanswered one.
                _ = try await harness.settledMessage(first)
                let pushed = try await api.call(.get, "/messages/\(first)")
                #expect(pushed.json["deliveries"]?.arrayValue?.first?["state"] == "delivered")
                #expect(pushed.json["deliveries"]?.arrayValue?.first?["attempts"] == 1)
                #expect(pushed.json["deliveries"]?.arrayValue?.first?["provider"] == "test")
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func namedPayloadsAreResolvedAtSendTime(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                let missing = try await api.call(.post, "/send", body: [
                    "title": "t", "body": "b", "to": ["users": ["joe"]], "payload": ["responseTopic": "/n", "payloadName": "colour"],
                ])
                #expect(missing.status == .notFound)
                #expect(try await api.call(.put, "/payloads/colour", body: ["payload": SamplePayloads.colour]).status == .ok)
                #expect(try await api.call(.get, "/payloads/colour").json["payload"] == SamplePayloads.colour)
                let id = try await api.send(["responseTopic": "/n", "payloadName": "colour", "state": ["step": 2]], to: ["joe"])
                let message = try await api.call(.get, "/device/messages/\(id)", token: joe)
                #expect(message.json["payload"]?["fields"] == SamplePayloads.colour["fields"])
                #expect(message.json["payload"]?["responseTopic"] == "/n")
                let answer = try await api.answer(id, token: joe, values: [:])
                #expect(answer.json["values"] == ["simpleDropList": "Blue"])
                #expect(answer.json["state"] == ["step": 2])
                #expect(try await api.call(.delete, "/payloads/colour").status == .noContent)
                #expect(try await api.call(.get, "/payloads/colour").status == .notFound)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func startRequestsAreListedFetchedAndAnswered(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                let bad = try await api.call(.put, "/requests/report", body: ["title": "Report", "body": "b", "responseTopic": "no"])
                #expect(bad.status == .unprocessableContent)
                let put = try await api.call(.put, "/requests/report", body: [
                    "title": "Report", "body": "File a report", "responseTopic": "/reports",
                    "fields": [["id": "what", "type": "inputString"]],
                ])
                #expect(put.status == .ok)
                let list = try await api.call(.get, "/device/requests", token: joe)
                #expect(list.json == ["requests": [["name": "report", "title": "Report", "body": "File a report", "responseTopic": "/reports"]]])
                let one = try await api.call(.get, "/device/requests/report", token: joe)
                #expect(one.json["fields"]?.arrayValue?.first?["id"] == "what")
                let answer = try await api.call(.post, "/device/responses", token: joe, body: [
                    "responseId": "s-1", "request": "report", "submitValue": 0, "values": ["what": "a leak"],
                ])
                #expect(answer.status == .created)
                #expect(answer.json["request"] == "report")
                // A start request may be answered again (with a new responseId).
                let again = try await api.call(.post, "/device/responses", token: joe, body: [
                    "responseId": "s-2", "request": "report", "submitValue": 0, "values": ["what": "another"],
                ])
                #expect(again.status == .created)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func responsesArePagedByCursor(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                for index in 0..<3 {
                    let id = try await api.send(to: ["joe"])
                    _ = try await api.answer(id, token: joe, responseId: "r\(index)")
                }
                let first = try await api.call(.get, "/responses?topic=/a/b/c&limit=2")
                #expect(first.json["responses"]?.arrayValue?.compactMap { $0["responseId"]?.stringValue } == ["r0", "r1"])
                let next = try #require(first.json["next"]?.stringValue)
                let second = try await api.call(.get, "/responses?topic=/a/b/c&after=\(next)&limit=2")
                #expect(second.json["responses"]?.arrayValue?.compactMap { $0["responseId"]?.stringValue } == ["r2"])
                let other = try await api.call(.get, "/responses?topic=/other")
                #expect(other.json["responses"] == [])
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func deletingAUserKeepsTheirAnsweredResponses(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                let id = try await api.send(to: ["joe"])
                _ = try await api.answer(id, token: joe)
                #expect(try await api.call(.delete, "/users/joe").status == .noContent)
                #expect(try await api.call(.get, "/device/inbox", token: joe).status == .unauthorized)
                #expect(try await api.call(.get, "/responses?topic=/a/b/c").json["responses"]?.arrayValue?.count == 1)
                #expect(try await api.call(.delete, "/users/joe").status == .notFound)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func aUsersDevicesShowTheirPushTargetAndLastSeen(_ store: StoreKind) async throws {
        let clock = TestClock()
        try await store.withHarness(configure: { $0.now = clock.function }) { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                _ = try await api.call(.post, "/device/login", token: nil, body: [
                    "username": "joe", "password": "secret", "deviceId": "iphone", "deviceName": "Joe's iPhone",
                    "platform": "ios", "pushToken": "abcdef0123",
                ])
                _ = try await api.login("joe", deviceId: "browser", platform: "web")
                let answer = try await api.call(.get, "/users/joe/devices")
                #expect(answer.status == .ok)
                #expect(answer.json == ["devices": [
                    ["deviceId": "iphone", "deviceName": "Joe's iPhone", "platform": "ios", "pushTarget": true,
                     "lastSeen": .string(clock.now.formatted(.iso8601))],
                    ["deviceId": "browser", "deviceName": "Test Phone", "platform": "web", "pushTarget": false,
                     "lastSeen": .string(clock.now.formatted(.iso8601))],
                ]])
                let unknown = try await api.call(.get, "/users/nobody/devices")
                #expect(unknown.status == .notFound)
                #expect(unknown.json["error"]?["code"] == "not_found")
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func theOutboxShowsItsDepthAndRecentProblems(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            harness.pushes.setAnswer(.failed(reason: "400 BadTopic"))
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                _ = try await api.login("joe")
                let id = try await api.send(to: ["joe"])
                _ = try await harness.settledMessage(id)
                let answer = try await api.call(.get, "/deliveries")
                #expect(answer.status == .ok)
                #expect(answer.json["outbox"] == [])
                #expect(answer.json["recentProblems"]?.arrayValue?.first?["messageId"] == .string(id))
                #expect(answer.json["recentProblems"]?.arrayValue?.first?["state"] == "failed")
                #expect(answer.json["recentProblems"]?.arrayValue?.first?["lastError"] == "400 BadTopic")
                #expect(answer.json["recentProblems"]?.arrayValue?.first?["target"] == "device-of-joe")
                #expect(try await api.call(.get, "/deliveries?limit=0").status == .badRequest)
            }
        }
    }

    /// A harness with Web Push on (its key and allowlist), pushes recorded by the test provider.
    static func webPushHarness() throws -> NotifyHarness {
        try NotifyHarness { configuration in
            var webPush = WebPushConfiguration(httpClient: HTTPClient.shared)
            webPush.allowlist = WebPushAllowlist(commaSeparated: "push.example.net, 127.0.0.1")
            configuration.webPush = webPush
            configuration.pushProviders["web"] = TestPushProvider(name: "web-test")
        }
    }

    static let browserKey = Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)

    @Test func aBrowserSubscribesWithTheServersKeyAtLoginOrLater() async throws {
        let harness = try Self.webPushHarness()
        let key = try #require(harness.notifier.webPushKey)
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            let published = try await api.call(.get, "/device/webpush-key", token: nil)
            #expect(published.status == .ok)
            #expect(published.json == ["publicKey": .string(key.publicKeyBase64URL)])
            try await api.user("joe")
            let subscription: JSONValue = ["endpoint": "https://push.example.net/push/abc",
                                           "keys": ["p256dh": .string(Self.browserKey), "auth": "AAAAAAAAAAAAAAAAAAAAAA"]]
            let login = try await api.call(.post, "/device/login", token: nil, body: [
                "username": "joe", "password": "secret", "deviceId": "firefox", "deviceName": "Firefox", "platform": "web",
                "webPush": subscription,
            ])
            #expect(login.status == .ok)
            var devices = try await api.call(.get, "/users/joe/devices")
            #expect(devices.json["devices"]?.arrayValue?.first?["pushTarget"] == true)
            let stored = try #require(try await harness.notifier.people.devices(of: "joe").first?.webPush)
            #expect(stored.json == subscription)
            // A second browser without a subscription, which subscribes later.
            let chrome = try await api.login("joe", deviceId: "chrome", platform: "web")
            devices = try await api.call(.get, "/users/joe/devices")
            #expect(devices.json["devices"]?.arrayValue?.last?["pushTarget"] == false)
            #expect(try await api.call(.put, "/device/push-token", token: chrome, body: ["webPush": subscription]).status == .noContent)
            devices = try await api.call(.get, "/users/joe/devices")
            #expect(devices.json["devices"]?.arrayValue?.last?["pushTarget"] == true)
            let neither = try await api.call(.put, "/device/push-token", token: chrome, body: [:])
            #expect(neither.status == .unprocessableContent)
        }
    }

    @Test func aSubscriptionOnAnotherHostIsRefused() async throws {
        let harness = try Self.webPushHarness()
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            try await api.user("joe")
            let keys: JSONValue = ["p256dh": .string(Self.browserKey), "auth": "AAAAAAAAAAAAAAAAAAAAAA"]
            for endpoint in ["https://attacker.example/collect", "http://push.example.net/push/abc", "https://169.254.169.254/latest"] {
                let login = try await api.call(.post, "/device/login", token: nil, body: [
                    "username": "joe", "password": "secret", "deviceId": "firefox", "deviceName": "Firefox", "platform": "web",
                    "webPush": ["endpoint": .string(endpoint), "keys": keys],
                ])
                #expect(login.status == .unprocessableContent)
                #expect(login.json["error"]?["code"] == "push-endpoint-not-allowed")
                #expect(login.json["error"]?["issues"]?.arrayValue?.first?["path"] == "$.webPush.endpoint")
            }
            let token = try await api.login("joe", deviceId: "chrome", platform: "web")
            let refused = try await api.call(.put, "/device/push-token", token: token, body: [
                "webPush": ["endpoint": "https://attacker.example/collect", "keys": keys],
            ])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.json["error"]?["code"] == "push-endpoint-not-allowed")
            let devices = try await api.call(.get, "/users/joe/devices")
            #expect(devices.json["devices"]?.arrayValue?.allSatisfy { $0["pushTarget"] == false } == true)
        }
    }

    @Test(arguments: StoreKind.tested)
    func withoutWebPushTheKeyRouteSaysSo(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let answer = try await APIClient(client: client).call(.get, "/device/webpush-key", token: nil)
                #expect(answer.status == .notFound)
                #expect(answer.json["error"]?["code"] == "not_found")
            }
        }
    }

    /// No store keeps U+0000 in its text (PostgreSQL cannot): refused at the member's path on both.
    @Test(arguments: StoreKind.tested)
    func stringsWithNULAreRefusedAtTheirPath(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let send = try await api.call(.post, "/send", body: ["title": "a\u{0}b", "body": "b", "to": ["users": ["joe", "j\u{0}"]],
                                                                     "payload": SamplePayloads.colour])
                #expect(send.status == .unprocessableContent)
                let paths = send.json["error"]?["issues"]?.arrayValue?.compactMap { $0["path"]?.stringValue }
                #expect(paths == ["$.title", "$.to.users[1]"])
                let joe = try await api.login("joe")
                let id = try await api.send(to: ["joe"])
                let answer = try await api.answer(id, token: joe, responseId: "r\u{0}")
                #expect(answer.status == .unprocessableContent)
                #expect(answer.json["error"]?["issues"]?.arrayValue?.first?["path"]?.stringValue == "$.responseId")
            }
        }
    }
}
