import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import XpediteNotify
import XpediteNotifyTestSupport
import XpediteProtocol
import XpediteTestFixtures

/// `GET /messages` (docs/notify-api.md#get-messages): newest first in keyset pages, the filters,
/// the counts of each listed message, the refused queries, and who may read it.
@Suite struct MessageListRoutesTests {
    /// The ids of a page, and its `next`.
    static func page(_ api: APIClient, _ query: String) async throws -> (ids: [String], next: String?, json: JSONValue) {
        let answer = try await api.call(.get, "/messages" + query)
        guard answer.status == .ok else { throw TestFailure("GET /messages\(query): \(answer.status) \(answer.json)") }
        let ids = answer.json["messages"]?.arrayValue?.compactMap { $0["messageId"]?.stringValue } ?? []
        return (ids, answer.json["next"]?.stringValue, answer.json)
    }

    @Test func messagesAreListedNewestFirstInPagesWithTheirCounts() async throws {
        let clock = TestClock()
        let harness = try NotifyHarness { $0.now = clock.function }
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            try await api.user("joe")
            try await api.user("ann")
            let joe = try await api.login("joe")
            _ = try await api.login("ann")
            var sent: [String] = []
            for index in 0..<5 {
                sent.append(try await api.send(to: index == 2 ? ["joe"] : ["joe", "ann"]))
                if index != 3 { clock.advance(by: 1) } // messages 3 and 4 share a send time: the store's order breaks the tie
            }
            #expect(try await api.answer(sent[4], token: joe).status == .created)
            let newest = Array(sent.reversed())
            let first = try await Self.page(api, "?limit=2")
            #expect(first.ids == Array(newest.prefix(2)))
            let next = try #require(first.next)
            let second = try await Self.page(api, "?limit=2&after=\(next)")
            #expect(second.ids == Array(newest[2..<4]))
            let last = try await Self.page(api, "?limit=2&after=\(try #require(second.next))")
            #expect(last.ids == [sent[0]] && last.next == nil)
            #expect(last.json["next"] == .null)
            // The counts of the newest: two recipients, joe answered; a push per device, each in one
            // of the four states (pending, or delivered once the test provider took it), every state listed.
            // Joe's push is failed instead when his answer came before the delivery engine claimed it
            // (a push for an answered message is dropped, PushClaimRules): on a loaded machine it can.
            let top = try #require(first.json["messages"]?.arrayValue?.first)
            #expect(top["recipients"] == ["total": 2, "answered": 1, "pending": 1])
            let states = ["pending", "delivered", "gone", "failed"]
            #expect(states.compactMap { top["deliveries"]?[$0]?.numberValue }.count == 4)
            #expect(states.compactMap { top["deliveries"]?[$0]?.numberValue }.reduce(0, +) == 2)
            #expect(top["deliveries"]?["gone"] == 0)
            let failed = try await api.call(.get, "/messages/\(sent[4])").json["deliveries"]?.arrayValue?
                .filter { $0["state"] == "failed" } ?? []
            #expect(top["deliveries"]?["failed"]?.numberValue == Double(failed.count))
            #expect(failed.count <= 1 && failed.allSatisfy { $0["lastError"] == "the recipient answered the message" }, "\(failed)")
            #expect(top["title"] == "Colour" && top["body"] == "Pick one" && top["state"] == "active")
            #expect(top["sentAt"]?.stringValue?.hasSuffix("Z") == true && top["payloadName"] == nil)
            // The whole list with the default page size.
            #expect(try await Self.page(api, "").ids == newest)
        }
    }

    @Test func theFiltersNarrowTheList() async throws {
        let clock = TestClock()
        let harness = try NotifyHarness { $0.now = clock.function }
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            try await api.user("joe")
            try await api.user("ann")
            #expect(try await api.call(.put, "/payloads/colour", body: ["payload": SamplePayloads.colour]).status == .ok)
            func send(_ title: String, _ body: String, to users: [String], named: Bool = false) async throws -> String {
                let payload: JSONValue = named ? ["responseTopic": "/a/b/c", "payloadName": "colour"] : SamplePayloads.colour
                let answer = try await api.call(.post, "/send", body: [
                    "title": .string(title), "body": .string(body), "payload": payload, "to": ["users": .array(users.map(JSONValue.string))],
                ])
                clock.advance(by: 60)
                return try #require(answer.json["messageId"]?.stringValue)
            }
            let start = clock.now
            let a = try await send("Site INSPECTION", "North gate", to: ["joe"], named: true)
            let b = try await send("Lunch", "Pizza 100% (or_50%)", to: ["ann"])
            let c = try await send("Shift", "The inspection is moved", to: ["joe", "ann"])
            #expect(try await api.call(.delete, "/messages/\(c)", body: ["reason": "moved"]).status == .ok)
            #expect(try await Self.page(api, "?q=inspection").ids == [c, a])
            #expect(try await Self.page(api, "?q=100%25").ids == [b])
            #expect(try await Self.page(api, "?q=_5").ids == [b])
            #expect(try await Self.page(api, "?q=r_5").ids == [b])
            #expect(try await Self.page(api, "?q=zz_").ids.isEmpty) // `_` is no wildcard: "zza" does not match
            #expect(try await Self.page(api, "?state=withdrawn").ids == [c])
            #expect(try await Self.page(api, "?state=active").ids == [b, a])
            #expect(try await Self.page(api, "?state=expired").ids.isEmpty)
            #expect(try await Self.page(api, "?username=ann").ids == [c, b])
            #expect(try await Self.page(api, "?username=nobody").ids.isEmpty)
            let named = try await Self.page(api, "?payloadName=colour")
            #expect(named.ids == [a])
            #expect(named.json["messages"]?.arrayValue?.first?["payloadName"] == "colour")
            #expect(try await api.call(.get, "/messages/\(a)").json["payloadName"] == "colour")
            #expect(try await Self.page(api, "?payloadName=nope").ids.isEmpty)
            let since = start.addingTimeInterval(60).formatted(.iso8601)
            let until = start.addingTimeInterval(120).formatted(.iso8601)
            #expect(try await Self.page(api, "?since=\(since)").ids == [c, b])
            #expect(try await Self.page(api, "?since=\(since)&until=\(until)").ids == [b])
            let withdrawn = try await Self.page(api, "?state=withdrawn")
            #expect(withdrawn.json["messages"]?.arrayValue?.first?["withdrawnAt"]?.stringValue != nil)
            #expect(try await Self.page(api, "?q=inspection&username=ann&state=withdrawn").ids == [c])
        }
    }

    @Test func badQueriesAreRefused() async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            let bad = try await api.call(.get, "/messages?state=gone&since=yesterday&until=2026-13-01")
            #expect(bad.status == .unprocessableContent)
            #expect(bad.json["error"]?["issues"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == ["$.state", "$.since", "$.until"])
            for query in ["limit=0", "limit=201", "limit=x", "after=12", "after=!!", "after=djE6eDox"] {
                let answer = try await api.call(.get, "/messages?" + query)
                #expect(answer.status == .badRequest, "\(query): \(answer.status)")
                #expect(answer.json["error"]?["code"] == "malformed")
            }
            #expect(try await api.call(.get, "/messages?limit=200").status == .ok)
        }
    }

    @Test func viewersSendersAdminsAndTheKeyMayListDevicesAndStrangersMayNot() async throws {
        try await ConsoleSessionTests.withConsole { console, _ in
            let api = APIClient(client: console.client)
            try await api.user("joe")
            let device = try await api.login("joe")
            let id = try await api.send(to: ["joe"])
            for name in ["vic", "sam", "ann"] {
                let session = try await console.session(name, ConsoleSessionTests.password)
                let answer = try await console.call(.get, "/messages", session: session)
                #expect(answer.status == .ok, "\(name): \(answer.status)")
                #expect(answer.json["messages"]?.arrayValue?.first?["messageId"]?.stringValue == id)
            }
            #expect(try await api.call(.get, "/messages").status == .ok)
            #expect(try await api.call(.get, "/messages", token: device).status == .unauthorized)
            #expect(try await api.call(.get, "/messages", token: nil).status == .unauthorized)
            #expect(try await api.call(.get, "/messages", token: "wrong").status == .unauthorized)
            // A viewer reads the list but may not withdraw.
            let vic = try await console.session("vic", ConsoleSessionTests.password)
            #expect(try await console.call(.delete, "/messages/\(id)", session: vic).status == .forbidden)
        }
    }
}
