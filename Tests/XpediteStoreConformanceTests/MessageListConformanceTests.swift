import Foundation
import Testing
import XpediteNotify
import XpediteNotifyTestSupport
import XpediteProtocol
import XpediteStoreTesting
import XpediteTestFixtures

/// The list of sent messages (``MessageListing``, decision 0510), on every database alike: newest
/// first with ties in insertion order, keyset pages that neither skip nor repeat a message, the
/// filters, the counts of each listed message, and the stored payload name.
@Suite struct MessageListConformanceTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// Stores a message sent at `start + offset` seconds to `users` (one device each).
    static func insert(_ store: any NotifyStore, _ title: String, body: String = "", at offset: Double, to users: [String],
                       payloadName: String? = nil) async throws -> String {
        let devices = try await store.devices(of: users)
        let message = NotifyMessage(messageId: UUID().uuidString.lowercased(), title: title, body: body,
                                    payload: try Payload(validating: SamplePayloads.colour), direct: false,
                                    sentAt: start.addingTimeInterval(offset), recipients: users.map { NotifyMessage.Recipient(username: $0) },
                                    payloadName: payloadName)
        return try await store.insertMessage(message, devices: devices, providers: devices.map { _ in "test" }, documents: []).messageId
    }

    /// `joe` and `ann`, each with one device.
    static func people(_ notifier: Notifier) async throws {
        for name in ["joe", "ann"] {
            try await notifier.people.putUser(name, password: "pw")
            _ = try #require(try await notifier.people.login(username: name, password: "pw", deviceId: "phone-\(name)", deviceName: "P",
                                                      platform: "ios", pushToken: "aaaa"))
        }
    }

    /// Every message of `query`, page by page of `size`.
    static func all(_ store: any NotifyStore, _ query: MessageListQuery, size: Int) async throws -> [String] {
        var query = query
        query.limit = size
        var ids: [String] = []
        for _ in 0..<100 {
            let page = try await store.messages(matching: query)
            #expect(page.count <= size)
            ids += page.map(\.messageId)
            guard page.count == size, let last = page.last else { return ids }
            query.after = last.cursor
        }
        throw TestFailure("the pages never end")
    }

    @Test(arguments: TestedDatabase.available)
    func pagesAreNewestFirstAndNeitherSkipNorRepeat(_ tested: TestedDatabase) async throws {
        try await NotifyStoreConformanceTests.withNotifier(tested) { notifier in
            let store = notifier.store
            try await Self.people(notifier)
            var ids: [String] = []
            // Seven messages, three of them at one instant (the store's order breaks the tie).
            for (index, offset) in [0.0, 1, 2, 2, 2, 3.5, 4].enumerated() {
                ids.append(try await Self.insert(store, "m\(index)", at: offset, to: ["joe"]))
            }
            let newest = Array(ids.reversed())
            for size in [1, 2, 3, 7, 50] {
                #expect(try await Self.all(store, MessageListQuery(), size: size) == newest, "page size \(size)")
            }
            let page = try await store.messages(matching: MessageListQuery(limit: 3))
            #expect(page.map(\.title) == ["m6", "m5", "m4"])
            #expect(page.first?.sentAt == Self.start.addingTimeInterval(4))
            // A cursor survives its text form.
            let cursor = try #require(page.last?.cursor)
            #expect(MessageListCursor(text: cursor.text) == cursor)
            #expect(try await store.messages(matching: MessageListQuery(after: cursor, limit: 2)).map(\.title) == ["m3", "m2"])
        }
    }

    @Test(arguments: TestedDatabase.available)
    func eachMessageCarriesItsAnswerAndDeliveryCounts(_ tested: TestedDatabase) async throws {
        try await NotifyStoreConformanceTests.withNotifier(tested) { notifier in
            let store = notifier.store
            try await Self.people(notifier)
            let both = try await Self.insert(store, "both", at: 0, to: ["joe", "ann"])
            let one = try await Self.insert(store, "one", at: 1, to: ["ann"])
            let response = StoredResponse(cursor: 0, responseId: "r1", username: "joe", messageId: both, request: nil,
                                          topic: "/a/b/c", json: Data(#"{"responseId":"r1"}"#.utf8))
            guard case .stored = try await store.recordResponse(response, answeredAt: Self.start, now: Self.start) else {
                throw TestFailure("the answer was not stored")
            }
            // Withdrawing `one` drops its pending push (failed); its withdrawal pushes are not counted.
            _ = try #require(try await store.withdrawMessage(one, reason: "", state: .withdrawn, at: Self.start.addingTimeInterval(5)))
            let page = try await store.messages(matching: MessageListQuery())
            let listed = Dictionary(uniqueKeysWithValues: page.map { ($0.messageId, $0) })
            let first = try #require(listed[both])
            #expect(first.recipients == 2 && first.answered == 1)
            #expect(first.deliveries == [.pending: 2])
            #expect(first.state == .active && first.withdrawnAt == nil)
            let second = try #require(listed[one])
            #expect(second.recipients == 1 && second.answered == 0)
            #expect(second.deliveries == [.failed: 1])
            #expect(second.state == .withdrawn && second.withdrawnAt == Self.start.addingTimeInterval(5))
        }
    }

    @Test(arguments: TestedDatabase.available)
    func theFiltersNarrowTheList(_ tested: TestedDatabase) async throws {
        try await NotifyStoreConformanceTests.withNotifier(tested) { notifier in
            let store = notifier.store
            try await Self.people(notifier)
            let a = try await Self.insert(store, "Site INSPECTION", body: "North gate", at: 0, to: ["joe"], payloadName: "colour")
            let b = try await Self.insert(store, "Lunch", body: "Pizza 100% (or_50%) back\\slash", at: 60, to: ["ann"])
            let c = try await Self.insert(store, "Shift", body: "The inspection moved", at: 120, to: ["joe", "ann"])
            _ = try await store.withdrawMessage(c, reason: "", state: .expired, at: Self.start.addingTimeInterval(200))
            func ids(_ query: MessageListQuery) async throws -> [String] {
                try await store.messages(matching: query).map(\.messageId)
            }
            #expect(try await ids(MessageListQuery(text: "inspection")) == [c, a])
            #expect(try await ids(MessageListQuery(text: "InSpEcTiOn")) == [c, a])
            #expect(try await ids(MessageListQuery(text: "100%")) == [b])
            #expect(try await ids(MessageListQuery(text: "%")) == [b])
            #expect(try await ids(MessageListQuery(text: "r_5")) == [b])
            #expect(try await ids(MessageListQuery(text: "_x")).isEmpty)
            #expect(try await ids(MessageListQuery(text: "k\\s")) == [b])
            #expect(try await ids(MessageListQuery(text: "")) == [c, b, a])
            #expect(try await ids(MessageListQuery(state: .expired)) == [c])
            #expect(try await ids(MessageListQuery(state: .active)) == [b, a])
            #expect(try await ids(MessageListQuery(state: .withdrawn)).isEmpty)
            #expect(try await ids(MessageListQuery(payloadName: "colour")) == [a])
            #expect(try await ids(MessageListQuery(payloadName: "other")).isEmpty)
            // A recipient's messages, read from their rows (few for the page) or by walking the list (limit 1).
            #expect(try await ids(MessageListQuery(username: "joe")) == [c, a])
            #expect(try await ids(MessageListQuery(username: "ann", limit: 1)) == [c])
            #expect(try await ids(MessageListQuery(since: Self.start.addingTimeInterval(60))) == [c, b])
            #expect(try await ids(MessageListQuery(until: Self.start.addingTimeInterval(60))) == [a])
            #expect(try await ids(MessageListQuery(text: "inspection", username: "joe", since: Self.start.addingTimeInterval(1))) == [c])
            #expect(try await Self.all(store, MessageListQuery(username: "joe"), size: 1) == [c, a])
        }
    }

    @Test(arguments: TestedDatabase.available)
    func aMessageKeepsTheNameItWasSentByAndTheAnswersFilterUsesIt(_ tested: TestedDatabase) async throws {
        try await NotifyStoreConformanceTests.withNotifier(tested) { notifier in
            let store = notifier.store
            try await Self.people(notifier)
            try await notifier.savePayload(try Payload(validating: SamplePayloads.colour), named: "colour")
            let named = try await notifier.sendPayload(Payload(responseTopic: "/a/b/c", payloadName: "colour"), title: "N", body: "",
                                                       to: .users(["joe"]))
            let inline = try await notifier.sendPayload(try Payload(validating: SamplePayloads.colour), title: "I", body: "",
                                                        to: .users(["joe"]))
            #expect(try await store.message(named.messageId)?.payloadName == "colour")
            #expect(try await store.messageHeader(named.messageId)?.payloadName == "colour")
            #expect(try await store.message(inline.messageId)?.payloadName == nil)
            for (id, responseId) in [(named.messageId, "rn"), (inline.messageId, "ri")] {
                let response = StoredResponse(cursor: 0, responseId: responseId, username: "joe", messageId: id, request: nil,
                                              topic: "/a/b/c", json: Data(#"{"responseId":"\#(responseId)"}"#.utf8))
                guard case .stored = try await store.recordResponse(response, answeredAt: Self.start, now: Self.start) else {
                    throw TestFailure("the answer was not stored")
                }
            }
            func answers() async throws -> [String] {
                let filter = notifier.exports.filter(topic: "/a/b/c", payloadName: "colour")
                return try await store.responses(matching: filter, after: 0, limit: 10).map(\.responseId)
            }
            // Only the message sent by name, not the inline one with the same fields…
            #expect(try await answers() == ["rn"])
            // …and still after the named payload changes or goes away.
            try await notifier.savePayload(try Payload(validating: [
                "responseTopic": "/a/b/c", "fields": [["id": "other", "type": "inputString"]],
            ]), named: "colour")
            #expect(try await answers() == ["rn"])
            _ = try await store.deleteNamedPayload("colour")
            #expect(try await answers() == ["rn"])
            #expect(try await store.messages(matching: MessageListQuery(payloadName: "colour")).map(\.messageId) == [named.messageId])
        }
    }
}
