import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing
import XpediteNotify
import XpediteNotifyTestSupport
import XpediteProtocol

/// Topics over a real socket: Server-Sent Events with `Last-Event-ID` replay, and signed
/// webhooks retried until a 2xx.
@Suite struct NotifyTopicsLiveTests {
    /// Reads Server-Sent Events from `url` until `count` events arrived; returns their ids and data.
    static func events(_ url: String, token: String = NotifyHarness.apiKey, lastEventID: String? = nil, count: Int,
                       afterOpening: @Sendable () async throws -> Void) async throws -> [(id: String, data: JSONValue)] {
        try await namedEvents(url, token: token, lastEventID: lastEventID, count: count, afterOpening: afterOpening)
            .map { ($0.id, $0.data) }
    }

    /// Reads Server-Sent Events with their `event:` names.
    static func namedEvents(_ url: String, token: String, lastEventID: String? = nil, count: Int,
                            afterOpening: @Sendable () async throws -> Void) async throws -> [(id: String, name: String, data: JSONValue)] {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        if let lastEventID { request.headers.add(name: "Last-Event-ID", value: lastEventID) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        #expect(response.status == .ok)
        #expect(response.headers.first(name: "Content-Type") == "text/event-stream")
        var text = ""
        var events: [(id: String, name: String, data: JSONValue)] = []
        var opened = false
        for try await chunk in response.body {
            text += String(buffer: chunk)
            if !opened {
                opened = true
                try await afterOpening()
            }
            while let range = text.range(of: "\n\n") {
                let block = String(text[..<range.lowerBound])
                text = String(text[range.upperBound...])
                var id = ""
                var name = ""
                var data = ""
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("id: ") { id = String(line.dropFirst(4)) }
                    if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
                }
                if !data.isEmpty { events.append((id, name, try JSONValue(parsing: data))) }
            }
            if events.count >= count { break }
        }
        return events
    }

    @Test(arguments: StoreKind.tested)
    func serverSentEventsStreamAndReplayAfterLastEventID(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.live) { client in
                let api = APIClient(client: client)
                let port = try #require(client.port)
                try await api.user("joe")
                let joe = try await api.login("joe")
                let first = try await api.send(to: ["joe"])
                let second = try await api.send(to: ["joe"])
                let url = "http://127.0.0.1:\(port)/notify/v1/events?topic=/a/b/c"
                // Live: the stream is open before the answer is sent.
                let live = try await Self.events(url, count: 1) {
                    _ = try await api.answer(first, token: joe, responseId: "e-1")
                }
                #expect(live.map(\.data["responseId"]) == ["e-1"])
                _ = try await api.answer(second, token: joe, responseId: "e-2")
                // Replay: everything after the first event's id, then live events.
                let third = try await api.send(to: ["joe"])
                let replayed = try await Self.events(url, lastEventID: live[0].id, count: 2) {
                    _ = try await api.answer(third, token: joe, responseId: "e-3")
                }
                #expect(replayed.map(\.data["responseId"]) == ["e-2", "e-3"])
                #expect(replayed[0].data["username"] == "joe")
                #expect(Int(replayed[1].id) ?? 0 > Int(replayed[0].id) ?? 0)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func webhooksAreSignedAndRetriedUntilA2xx(_ store: StoreKind) async throws {
        let receiver = WebhookReceiver(failures: 2)
        try await store.withHarness { harness in
            try await receiver.serve { hookURL in
                try await harness.application().test(.live) { client in
                    let api = APIClient(client: client)
                    try await api.user("joe")
                    let joe = try await api.login("joe")
                    let put = try await api.call(.put, "/webhooks/colours", body: ["topic": "/a/b/c", "url": .string(hookURL), "secret": "s3cret"])
                    #expect(put.status == .ok)
                    let id = try await api.send(to: ["joe"])
                    let answer = try await api.answer(id, token: joe, responseId: "w-1")
                    #expect(answer.status == .created)
                    // Two failures, then delivered: three attempts of one delivery.
                    #expect(try await receiver.wait { $0.count >= 3 })
                    let deliveries = receiver.deliveries
                    #expect(Set(deliveries.map(\.deliveryId)).count == 1)
                    let delivery = try #require(deliveries.last)
                    #expect(WebhookSignature.isValid(delivery.signature, body: delivery.body, secret: "s3cret"))
                    #expect(!WebhookSignature.isValid(delivery.signature, body: delivery.body, secret: "other"))
                    #expect(try JSONValue(parsing: delivery.body) == answer.json)
                    // No more attempts once it succeeded.
                    try await Task.sleep(for: .milliseconds(300))
                    #expect(receiver.deliveries.count == 3)
                }
            }
        }
    }

    @Test func theSignatureIsHMACSHA256OfTheRawBody() {
        // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
        let header = WebhookSignature.header(body: Data("what do ya want for nothing?".utf8), secret: "Jefe")
        #expect(header == "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func retryDelaysGrowExponentiallyWithJitterUpToTheCap() {
        var policy = DeliveryRetryPolicy.webhooks
        policy.initialDelay = .seconds(1)
        policy.maximumDelay = .seconds(60)
        #expect(policy.delay(afterFailures: 1, random: 1) == .seconds(1))
        #expect(policy.delay(afterFailures: 3, random: 1) == .seconds(4))
        #expect(policy.delay(afterFailures: 3, random: 0) == .seconds(2))
        #expect(policy.delay(afterFailures: 30, random: 1) == .seconds(60))
    }

    @Test(arguments: StoreKind.tested)
    func aUsersDevicesHearOfNewMessagesAndOfAnswersFromAnyOfThem(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.live) { client in
                let api = APIClient(client: client)
                let port = try #require(client.port)
                try await api.user("joe")
                try await api.user("ann")
                let phone = try await api.login("joe", deviceId: "phone")
                let browser = try await api.login("joe", deviceId: "browser", platform: "web")
                let ann = try await api.login("ann")
                let url = "http://127.0.0.1:\(port)/notify/v1/device/events"
                let sent = Mutex<String?>(nil)
                let events = try await Self.namedEvents(url, token: browser, count: 2) {
                    _ = try await api.send(to: ["ann"])                // another user's: not on joe's stream
                    let id = try await api.send(to: ["joe"])
                    sent.withLock { $0 = id }
                    _ = try await api.answer(id, token: phone)          // answered on the phone
                }
                let id = try #require(sent.withLock { $0 })
                #expect(events.map(\.name) == ["message", "answered"])
                #expect(events.first?.data["messageId"] == .string(id))
                #expect(events.first?.data["title"] == "Colour")
                #expect(events.first?.data["responseTopic"] == "/a/b/c")
                #expect(events.first?.data["sentAt"]?.stringValue != nil)
                #expect(events.last?.data == ["messageId": .string(id)])
                // A device token is required; an API key is not one.
                var request = HTTPClientRequest(url: url)
                request.headers.add(name: "Authorization", value: "Bearer \(NotifyHarness.apiKey)")
                #expect(try await HTTPClient.shared.execute(request, timeout: .seconds(10)).status == .unauthorized)
                _ = ann
            }
        }
    }
}
