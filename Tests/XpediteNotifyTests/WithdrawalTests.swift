import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
import XpediteNotify
import XpediteNotifyTestSupport
import XpediteProtocol
import XpediteTestFixtures

/// Taking a message back (docs/notify-api.md#delete-messagesmessageid): `DELETE /messages/{id}`,
/// `expiresAt` and the expiry sweep, the inbox, answers (410), the event stream and the pushes.
@Suite struct WithdrawalTests {
    @Test(arguments: StoreKind.tested)
    func aWithdrawalLeavesTheInboxKeepsAnswersAndRefusesNewOnes(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                for name in ["joe", "ann", "bob"] { try await api.user(name) }
                let joe = try await api.login("joe")
                let ann = try await api.login("ann")
                let bob = try await api.login("bob")
                let id = try await api.send(to: ["joe", "ann"])
                let annResponseId = UUID().uuidString
                #expect(try await api.answer(id, token: ann, responseId: annResponseId).status == .created)

                let first = try await api.call(.delete, "/messages/\(id)", body: ["reason": "sent by mistake"])
                #expect(first.status == .ok)
                #expect(first.json == ["messageId": .string(id), "state": "withdrawn", "withdrawn": 1])
                // Again: the same state, nothing changes (an empty body is fine).
                let again = try await api.call(.delete, "/messages/\(id)")
                #expect(again.status == .ok)
                #expect(again.json == first.json)

                let message = try await api.call(.get, "/messages/\(id)")
                #expect(message.json["state"] == "withdrawn")
                #expect(message.json["reason"] == "sent by mistake")
                #expect(message.json["withdrawnAt"]?.stringValue != nil)
                #expect(message.json["recipients"]?.arrayValue?.compactMap { $0["state"]?.stringValue } == ["answered", "pending"])

                #expect(try await api.call(.get, "/device/inbox", token: joe).json == ["messages": []])
                let refused = try await api.answer(id, token: joe)
                #expect(refused.status == .gone)
                #expect(refused.json["error"]?["code"] == "message_withdrawn")
                #expect(try await api.call(.get, "/device/messages/\(id)", token: joe).status == .gone)
                // The answer accepted before stays, and its retry is answered as before.
                #expect(try await api.answer(id, token: ann, responseId: annResponseId).status == .ok)
                #expect(try await api.call(.get, "/device/messages/\(id)", token: ann).status == .ok)
                let responses = try await api.call(.get, "/responses?topic=/a/b/c")
                #expect(responses.json["responses"]?.arrayValue?.count == 1)
                // A device of a user it was not sent to sees nothing of it, before or after.
                #expect(try await api.call(.get, "/device/inbox", token: bob).json == ["messages": []])
                #expect(try await api.call(.get, "/device/messages/\(id)", token: bob).status == .notFound)
            }
        }
    }

    @Test func aWithdrawalNeedsTheAPIKeyAndAKnownMessage() async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            try await api.user("joe")
            let joe = try await api.login("joe")
            let id = try await api.send(to: ["joe"])
            #expect(try await api.call(.delete, "/messages/\(id)", token: nil).status == .unauthorized)
            #expect(try await api.call(.delete, "/messages/\(id)", token: "another-key").status == .unauthorized)
            #expect(try await api.call(.delete, "/messages/\(id)", token: joe).status == .unauthorized)
            let unknown = try await api.call(.delete, "/messages/no-such-message")
            #expect(unknown.status == .notFound)
            #expect(unknown.json["error"]?["code"] == "not_found")
            let long = try await api.call(.delete, "/messages/\(id)", body: ["reason": .string(String(repeating: "x", count: 1001))])
            #expect(long.status == .unprocessableContent)
            #expect(long.json["error"]?["issues"]?.arrayValue?.first?["path"] == "$.reason")
            // Still active after the refusals.
            #expect(try await api.call(.get, "/messages/\(id)").json["state"] == "active")
        }
    }

    @Test func expiresAtMustBeAnRFC3339TimeInTheFuture() async throws {
        let clock = TestClock()
        let harness = try NotifyHarness { $0.now = clock.function }
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            try await api.user("joe")
            func send(_ expiresAt: JSONValue) async throws -> (status: HTTPResponse.Status, json: JSONValue) {
                try await api.call(.post, "/send", body: ["title": "T", "body": "B", "payload": SamplePayloads.colour,
                                                          "to": ["users": ["joe"]], "expiresAt": expiresAt])
            }
            for bad: JSONValue in ["2025-04-13T00:00:00Z", "tomorrow", "2026-13-01T00:00:00Z", 1_800_000_000] {
                let answer = try await send(bad)
                #expect(answer.status == .unprocessableContent, "\(bad)")
                #expect(answer.json["error"]?["issues"]?.arrayValue?.first?["path"] == "$.expiresAt", "\(bad)")
            }
            let future = clock.now.addingTimeInterval(3600)
            let sent = try await send(.string("2025-04-13T09:00:00.5+10:00"))   // 23:00:00.5Z the day before: past
            #expect(sent.status == .unprocessableContent)
            let good = try await send(.string(future.formatted(.iso8601)))
            #expect(good.status == .created)
            let id = try #require(good.json["messageId"]?.stringValue)
            let message = try await api.call(.get, "/messages/\(id)")
            #expect(message.json["state"] == "active")
            #expect(message.json["expiresAt"] == .string(future.formatted(.iso8601)))
            #expect(message.json["withdrawnAt"] == nil && message.json["reason"] == nil)
        }
    }

    @Test(arguments: StoreKind.tested)
    func theExpirySweepWithdrawsExpiredMessagesOnce(_ store: StoreKind) async throws {
        let clock = TestClock()
        try await store.withHarness(configure: { $0.now = clock.function }) { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                let expiring = try await api.call(.post, "/send", body: [
                    "title": "T", "body": "B", "payload": SamplePayloads.colour, "to": ["users": ["joe"]],
                    "expiresAt": .string(clock.now.addingTimeInterval(60).formatted(.iso8601)),
                ]).json["messageId"]?.stringValue
                let id = try #require(expiring)
                let lasting = try await api.send(to: ["joe"])
                #expect(try await harness.notifier.withdrawExpiredMessages().isEmpty)   // not yet
                clock.advance(by: 61)
                let withdrawn = try await harness.notifier.withdrawExpiredMessages()
                #expect(withdrawn.map(\.messageId) == [id])
                #expect(withdrawn.first?.state == .expired && withdrawn.first?.reason == "expired")
                #expect(withdrawn.first?.unanswered == ["joe"])
                #expect(try await harness.notifier.withdrawExpiredMessages().isEmpty)   // once
                let message = try await api.call(.get, "/messages/\(id)")
                #expect(message.json["state"] == "expired" && message.json["reason"] == "expired")
                #expect(message.json["withdrawnAt"] == .string(clock.now.formatted(.iso8601)))
                let inbox = try await api.call(.get, "/device/inbox", token: joe)
                #expect(inbox.json["messages"]?.arrayValue?.compactMap { $0["messageId"]?.stringValue } == [lasting])
                #expect(try await api.answer(id, token: joe).status == .gone)
                // Withdrawing an expired message says so and changes nothing.
                let again = try await api.call(.delete, "/messages/\(id)")
                #expect(again.json == ["messageId": .string(id), "state": "expired", "withdrawn": 1])
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func pendingPushesAreDroppedAndDeliveredDevicesGetAWithdrawalPush(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.notifier.people.putUser("joe", password: "pw")
            _ = try #require(try await harness.notifier.people.login(username: "joe", password: "pw", deviceId: "phone",
                                                              deviceName: "Phone", platform: "ios"))
            let payload = try Payload(validating: SamplePayloads.colour)
            // Withdrawn before the engines run: its push is never sent, and no withdrawal push is needed.
            let unsent = try await harness.notifier.sendPayload(payload, title: "A", body: "a", to: .users(["joe"])).messageId
            let withdrawal = try await harness.notifier.withdraw(messageId: unsent)
            #expect(withdrawal.changed && withdrawal.providers.isEmpty)
            let dropped = try #require(try await harness.notifier.message(unsent))
            #expect(dropped.deliveries.map(\.state) == [.failed])
            #expect(dropped.deliveries.map(\.lastError) == ["withdrawn"])

            let delivered = try await harness.withDeliveryEngines {
                let id = try await harness.notifier.sendPayload(payload, title: "B", body: "b", to: .users(["joe"])).messageId
                _ = try await harness.settledMessage(id)
                try await harness.notifier.withdraw(messageId: id)
                _ = try await harness.settledMessage(id)
                return id
            }
            let records = harness.pushes.records
            #expect(records.map(\.push.messageId) == [delivered, delivered])
            #expect(records.map(\.push.kind) == [.message, .withdrawal])
            #expect(records.last?.push.json == ["type": "withdrawn", "messageId": .string(delivered)])
            let message = try #require(try await harness.notifier.message(delivered))
            #expect(message.deliveries.map(\.kind) == [.message, .withdrawal])
            #expect(message.deliveries.map(\.state) == [.delivered, .delivered])
        }
    }

    @Test(arguments: StoreKind.tested)
    func aPushClaimedBeforeTheWithdrawalIsNotSent(_ store: StoreKind) async throws {
        let clock = TestClock(start: Date())
        try await store.withHarness(configure: { $0.now = clock.function }) { harness in
            try await harness.notifier.people.putUser("joe", password: "pw")
            _ = try #require(try await harness.notifier.people.login(username: "joe", password: "pw", deviceId: "phone",
                                                              deviceName: "Phone", platform: "ios"))
            let id = try await harness.notifier.sendPayload(Payload(validating: SamplePayloads.colour), title: "T", body: "B",
                                                            to: .users(["joe"])).messageId
            // Another engine (another server) claimed the push and holds its lease.
            let rules = PushClaimRules(now: clock.now, needsPushTarget: false, giveUpAfter: nil)
            let claimed = try await harness.notifier.store.claimPushDeliveries(
                provider: "test", leaseUntil: clock.now.addingTimeInterval(60), limit: 10, rules: rules)
            try #require(claimed.count == 1)
            try await harness.notifier.withdraw(messageId: id)
            // Its late outcome does not bring the row back, and it is never claimed again.
            try await harness.notifier.store.settlePushDeliveries([
                OutboxResult(item: claimed[0], state: .pending, nextAttemptAt: clock.now, error: "timeout", at: clock.now),
            ])
            clock.advance(by: 120)
            try await harness.withDeliveryEngines {
                _ = try await harness.settledMessage(id)
            }
            // The device may have shown it: it gets the withdrawal push, never the message's push.
            #expect(harness.pushes.records.map(\.push.kind) == [.withdrawal])
            let message = try #require(try await harness.notifier.message(id))
            #expect(message.deliveries.filter { $0.kind == .message }.map(\.state) == [.failed])
            #expect(message.deliveries.filter { $0.kind == .message }.map(\.lastError) == ["withdrawn"])
        }
    }

    @Test func theClaimRulesDropAWithdrawnMessagesPushButNotAWithdrawal() throws {
        let rules = PushClaimRules(now: Date(), needsPushTarget: true, giveUpAfter: .seconds(86_400))
        let device = NotifyDevice(key: 1, username: "joe", deviceId: "d", deviceName: "D", platform: "ios", pushToken: "aa")
        let message = DuePush(key: 1, deliveryId: "x", messageId: "m", attempts: 0, sentAt: Date(), answered: false, device: device,
                              withdrawn: true)
        #expect(rules.dropReason(message) == "withdrawn")
        let withdrawal = DuePush(key: 2, deliveryId: "y", messageId: "m", attempts: 0, sentAt: Date(), answered: true, device: device,
                                 kind: .withdrawal, withdrawn: true)
        #expect(rules.dropReason(withdrawal) == nil)
        guard case .claim(let push) = rules.decide(withdrawal, push: { Push(messageId: "m", title: "T", body: "B") }) else {
            Issue.record("a withdrawal push is claimed")
            return
        }
        #expect(push.delivery.push == .withdrawal(of: "m"))
    }

    @Test(arguments: StoreKind.tested)
    func theEventStreamSaysWithdrawn(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.live) { client in
                let api = APIClient(client: client)
                let port = try #require(client.port)
                try await api.user("joe")
                let browser = try await api.login("joe", deviceId: "browser", platform: "web")
                let sent = Mutex<String?>(nil)
                let events = try await NotifyTopicsLiveTests.namedEvents("http://127.0.0.1:\(port)/notify/v1/device/events",
                                                                         token: browser, count: 2) {
                    let id = try await api.send(to: ["joe"])
                    sent.withLock { $0 = id }
                    let answer = try await api.call(.delete, "/messages/\(id)", body: ["reason": "oops"])
                    #expect(answer.status == .ok)
                }
                let id = try #require(sent.withLock { $0 })
                #expect(events.map(\.name) == ["message", "withdrawn"])
                #expect(events.last?.data == ["messageId": .string(id), "reason": "oops"])
            }
        }
    }
}
