import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import XpediteNotify
import XpediteNotifyTestSupport
import XpediteProtocol
import XpediteTestFixtures

/// The routes of the console's People and Operation sections (docs/notify-api.md#operation):
/// revoking a device, the webhooks with their deliveries and a test POST, retrying the outbox,
/// and the sends and answers per hour; on every store.
@Suite struct NotifyOperationRoutesTests {
    /// The first item of a JSON array.
    static func first(_ value: JSONValue?) -> JSONValue? {
        value?.arrayValue?.first
    }

    @Test(arguments: StoreKind.tested)
    func aRevokedDeviceLosesItsTokenAndItsPendingPushesAtOnce(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                try await api.user("ann")
                let phone = try await api.login("joe", deviceId: "phone")
                let tablet = try await api.login("joe", deviceId: "tablet")
                let annPhone = try await api.login("ann", deviceId: "ann-phone")
                let id = try await api.send(to: ["joe"])

                #expect(try await api.call(.delete, "/users/joe/devices/phone").status == .noContent)
                #expect(try await api.call(.get, "/device/inbox", token: phone).status == .unauthorized)
                #expect(try await api.call(.get, "/device/inbox", token: tablet).status == .ok)
                let devices = try await api.call(.get, "/users/joe/devices")
                #expect(devices.json["devices"]?.arrayValue?.compactMap { $0["deviceId"]?.stringValue } == ["tablet"])
                let message = try #require(try await harness.notifier.message(id))
                // The delivery engines run beside the router: the push may have gone before the
                // revocation (OperationStoreConformanceTests pins the store's part exactly).
                let revoked = try #require(message.deliveries.first { $0.deviceId == "phone" })
                #expect(revoked.state != .pending)
                if revoked.state == .failed { #expect(revoked.lastError == NotifyPeople.revokedReason) }

                // Unknown, already revoked, another user's device, an unknown user: 404.
                for path in ["/users/joe/devices/phone", "/users/joe/devices/nope", "/users/joe/devices/ann-phone", "/users/zed/devices/phone"] {
                    let answer = try await api.call(.delete, path)
                    #expect(answer.status == .notFound, "\(path)")
                    #expect(answer.json["error"]?["code"] == "not_found")
                }
                #expect(try await api.call(.get, "/device/inbox", token: annPhone).status == .ok)
                // A device token is not an API key.
                #expect(try await api.call(.delete, "/users/joe/devices/tablet", token: tablet).status == .unauthorized)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func webhooksShowTheirDeliveriesAndATestPostsASignedBody(_ store: StoreKind) async throws {
        let receiver = WebhookReceiver()
        try await store.withHarness { harness in
            try await receiver.serve { hookURL in
                try await harness.application().test(.live) { client in
                    let api = APIClient(client: client)
                    try await api.user("joe")
                    let joe = try await api.login("joe")
                    let url = hookURL.replacingOccurrences(of: "http://", with: "http://user:pw@") + "?key=hidden"
                    #expect(try await api.call(.put, "/webhooks/colours", body: ["topic": "/a/b/c", "url": .string(url), "secret": "s3cret"]).status == .ok)
                    #expect(try await api.call(.put, "/webhooks/quiet", body: ["topic": "/q", "url": .string(hookURL), "secret": "x"]).status == .ok)
                    let id = try await api.send(to: ["joe"])
                    #expect(try await api.answer(id, token: joe, responseId: "r-1").status == .created)
                    #expect(try await receiver.wait { $0.count >= 1 })

                    var listed = try await api.call(.get, "/webhooks")
                    for _ in 0..<100 where Self.first(Self.first(listed.json["webhooks"])?["deliveries"])?["state"] != "delivered" {
                        try await Task.sleep(for: .milliseconds(20))
                        listed = try await api.call(.get, "/webhooks")
                    }
                    #expect(listed.status == .ok)
                    let webhooks = try #require(listed.json["webhooks"]?.arrayValue)
                    #expect(webhooks.compactMap { $0["name"]?.stringValue } == ["colours", "quiet"])
                    #expect(webhooks[0]["topic"] == "/a/b/c")
                    #expect(webhooks[0]["url"] == .string(hookURL), "no credentials or query shown")
                    #expect(!"\(listed.json)".contains("s3cret") && !"\(listed.json)".contains("hidden"))
                    let delivery = try #require(Self.first(webhooks[0]["deliveries"]))
                    #expect(delivery["state"] == "delivered")
                    #expect(delivery["attempts"] == 1)
                    #expect(delivery["deliveredAt"]?.stringValue != nil)
                    #expect(delivery["deliveryId"] == .string(receiver.deliveries[0].deliveryId))
                    #expect(webhooks[1]["deliveries"] == [])

                    let test = try await api.call(.post, "/webhooks/colours/test")
                    #expect(test.status == .ok)
                    #expect(test.json["delivered"] == true)
                    let posted = try #require(receiver.deliveries.last)
                    #expect(receiver.deliveries.count == 2)
                    #expect(test.json["deliveryId"] == .string(posted.deliveryId))
                    #expect(WebhookSignature.isValid(posted.signature, body: posted.body, secret: "s3cret"))
                    let body = try JSONValue(parsing: posted.body)
                    #expect(body["test"] == true && body["webhook"] == "colours" && body["topic"] == "/a/b/c")
                    // The test is not an outbox row.
                    let again = try await api.call(.get, "/webhooks")
                    #expect(Self.first(again.json["webhooks"])?["deliveries"]?.arrayValue?.count == 1)

                    #expect(try await api.call(.post, "/webhooks/nope/test").status == .notFound)
                    #expect(try await api.call(.put, "/webhooks/dead", body: ["topic": "/d", "url": "http://127.0.0.1:9/x", "secret": "x"]).status == .ok)
                    let dead = try await api.call(.post, "/webhooks/dead/test")
                    #expect(dead.status == .ok)
                    #expect(dead.json["delivered"] == false)
                    #expect(dead.json["error"]?.stringValue?.isEmpty == false)
                }
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func retryNowAnswersWhatItMadeDueAndLeavesWithdrawnPushes(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                try await api.user("ann")
                _ = try await api.login("joe", deviceId: "phone")
                _ = try await api.login("ann", deviceId: "ann-phone")
                _ = try await api.send(to: ["joe"])
                let withdrawn = try await api.send(to: ["ann"])
                #expect(try await api.call(.delete, "/messages/\(withdrawn)", body: [:]).status == .ok)
                #expect(try await api.call(.delete, "/users/joe/devices/phone").status == .noContent)

                // The engines run beside the router, so how many pushes were due is theirs to
                // race; the store's part is pinned by OperationStoreConformanceTests.
                let retry = try await api.call(.post, "/outbox/retry")
                #expect(retry.status == .ok)
                #expect(retry.json["pushes"]?.numberValue.map { $0 >= 0 && $0 <= 1 } == true)
                #expect(retry.json["webhooks"] == 0)
                // A withdrawn message's push is never made pending again.
                let annPush = try await harness.notifier.message(withdrawn)?.deliveries.first { $0.deviceId == "ann-phone" && $0.kind == .message && $0.state == .pending }
                #expect(annPush == nil)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func sendsAndAnswersAreCountedPerHour(_ store: StoreKind) async throws {
        let clock = TestClock()
        try await store.withHarness(configure: { $0.now = clock.function }) { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                clock.advance(by: 60)
                let first = try await api.send(to: ["joe"])
                _ = try await api.send(to: ["joe"])
                #expect(try await api.answer(first, token: joe).status == .created)
                clock.advance(by: 2 * 3600)
                _ = try await api.send(to: ["joe"])

                let stats = try await api.call(.get, "/stats/hourly?hours=4")
                #expect(stats.status == .ok)
                let start = clock.now.timeIntervalSince1970 - 60 - 2 * 3600
                func hour(_ offset: Double) -> JSONValue { .string(Date(timeIntervalSince1970: start + (offset - 1) * 3600).formatted(.iso8601)) }
                #expect(stats.json == ["hours": [
                    ["hour": hour(0), "sends": 0, "answers": 0],
                    ["hour": hour(1), "sends": 2, "answers": 1],
                    ["hour": hour(2), "sends": 0, "answers": 0],
                    ["hour": hour(3), "sends": 1, "answers": 0],
                ]])
                #expect(try await api.call(.get, "/stats/hourly").json["hours"]?.arrayValue?.count == 48)
                for bad in ["0", "721", "x", "-1"] {
                    #expect(try await api.call(.get, "/stats/hourly?hours=\(bad)").status == .badRequest, "hours=\(bad)")
                }
            }
        }
    }

    @Test func aViewerReadsOperationButIsRefusedItsChangesAndADeviceStays() async throws {
        try await ConsoleSessionTests.withConsole { console, _ in
            let key: HTTPFields = [.authorization: "Bearer \(NotifyHarness.apiKey)"]
            #expect(try await console.raw(.put, "/notify/v1/users/joe", headers: key, body: ["password": "secret"]).status == .ok)
            let login = try await console.raw(.post, "/notify/v1/device/login", body: [
                "username": "joe", "password": "secret", "deviceId": "phone", "deviceName": "Phone", "platform": "ios",
            ])
            let token = try #require(login.json["deviceToken"]?.stringValue)
            let device: HTTPFields = [.authorization: "Bearer \(token)"]
            let vic = try await console.session("vic", ConsoleSessionTests.password)
            let sam = try await console.session("sam", ConsoleSessionTests.password)
            let ann = try await console.session("ann", ConsoleSessionTests.password)
            for session in [vic, sam] {
                #expect(try await console.call(.get, "/webhooks", session: session).status == .ok)
                #expect(try await console.call(.get, "/stats/hourly", session: session).status == .ok)
                #expect(try await console.call(.get, "/users/joe/devices", session: session).status == .ok)
                for (method, path) in [(HTTPRequest.Method.delete, "/users/joe/devices/phone"), (.post, "/outbox/retry"), (.post, "/webhooks/x/test")] {
                    let answer = try await console.call(method, path, session: session)
                    #expect(answer.status == .forbidden, "\(method) \(path)")
                }
            }
            #expect(try await console.raw(.get, "/notify/v1/device/inbox", headers: device).status == .ok)
            #expect(try await console.call(.delete, "/users/joe/devices/phone", session: ann).status == .noContent)
            #expect(try await console.raw(.get, "/notify/v1/device/inbox", headers: device).status == .unauthorized)
        }
    }
}
