import Foundation
import Testing
import XpediteNotify
import XpediteNotifyTestSupport
import XpediteProtocol
import XpediteStoreTesting
import XpediteTestFixtures

/// What the console's routes read, on every database alike (``ConsoleStore``): groups listed,
/// shown and deleted with their users kept; named payload names; exports filtered and paged by
/// cursor; and the payloads answered, in the order of their first response.
@Suite struct ConsoleStoreConformanceTests {
    @Test(arguments: TestedDatabase.available)
    func groupsAreListedShownAndDeletedWhileTheirUsersStay(_ tested: TestedDatabase) async throws {
        try await NotifyStoreConformanceTests.withNotifier(tested) { notifier in
            let store = notifier.store
            try await notifier.people.putUser("joe", password: "pw", groups: ["field"])
            try await notifier.people.putUser("Ann", password: "pw", groups: ["field", "office"])
            try await notifier.people.setGroup("empty", members: [])
            #expect(try await store.groups() == [
                NotifyGroup(name: "empty", members: []),
                NotifyGroup(name: "field", members: ["Ann", "joe"]),
                NotifyGroup(name: "office", members: ["Ann"]),
            ])
            #expect(try await store.group("field") == NotifyGroup(name: "field", members: ["Ann", "joe"]))
            #expect(try await store.group("empty") == NotifyGroup(name: "empty", members: []))
            #expect(try await store.group("nope") == nil)
            #expect(try await store.deleteGroup("field"))
            #expect(try await store.deleteGroup("field") == false)
            #expect(try await store.group("field") == nil)
            #expect(try await store.members(ofGroups: ["field"]).isEmpty)
            #expect(try await store.allUsernames() == ["Ann", "joe"])
            #expect(try await store.user("Ann")?.groups == ["office"])
        }
    }

    @Test(arguments: TestedDatabase.available)
    func namedPayloadNamesAreSorted(_ tested: TestedDatabase) async throws {
        try await NotifyStoreConformanceTests.withNotifier(tested) { notifier in
            let payload = try Payload(validating: SamplePayloads.colour)
            for name in ["b", "A", "a"] { try await notifier.savePayload(payload, named: name) }
            #expect(try await notifier.store.namedPayloadNames() == ["A", "a", "b"])
        }
    }

    /// Two messages (the second with another payload) answered by joe and ann, and a start request
    /// answered by joe, a minute apart from 08:01:00Z; returns the message ids.
    static func answers(_ notifier: Notifier) async throws -> (String, String) {
        let store = notifier.store
        try await notifier.people.putUser("joe", password: "pw")
        try await notifier.people.putUser("ann", password: "pw")
        let colour = try Payload(validating: SamplePayloads.colour)
        let note = try Payload(validating: [
            "responseTopic": "/a/b/c",
            "fields": [["id": "note", "type": "inputString"], ["id": "simpleDropList", "type": "droplist", "values": ["Red"]]],
        ])
        try await notifier.savePayload(colour, named: "colour")
        try await notifier.saveRequest(StartRequest(name: "survey", title: "S", body: "B", payload: try Payload(validating: [
            "responseTopic": "/a/b/c", "fields": [["id": "score", "type": "inputInteger"]],
        ])))
        let a = try await notifier.sendPayload(Payload(responseTopic: "/a/b/c", payloadName: "colour"), title: "A", body: "A",
                                               to: .users(["joe", "ann"]))
        let b = try await notifier.sendPayload(note, title: "B", body: "B", to: .users(["joe", "ann"]))
        let rows: [(String, String?, String?, String)] = [
            ("joe", a.messageId, nil, "08:01"), ("ann", b.messageId, nil, "08:02"), ("joe", nil, "survey", "08:03"),
            ("ann", a.messageId, nil, "08:04"), ("joe", b.messageId, nil, "08:05"),
        ]
        for (index, (user, message, request, time)) in rows.enumerated() {
            let json = #"{"receivedAt":"2025-04-13T\#(time):00Z","responseId":"r\#(index)"}"#
            let response = StoredResponse(cursor: 0, responseId: "r\(index)", username: user, messageId: message, request: request,
                                          topic: "/a/b/c", json: Data(json.utf8))
            let now = Date(timeIntervalSince1970: 1_744_531_200)
            guard case .stored = try await store.recordResponse(response, answeredAt: now, now: now) else {
                throw TestFailure("response r\(index) was not stored")
            }
        }
        return (a.messageId, b.messageId)
    }

    @Test(arguments: TestedDatabase.available)
    func exportsFilterAndPageByCursor(_ tested: TestedDatabase) async throws {
        try await NotifyStoreConformanceTests.withNotifier(tested) { notifier in
            let (a, b) = try await Self.answers(notifier)
            func ids(_ filter: ResponseFilter, pageSize: Int = 2) async throws -> [String] {
                var ids: [String] = []
                var pages = 0
                for try await page in notifier.exports.pages(filter, pageSize: pageSize) {
                    pages += 1
                    #expect(page.count <= pageSize)
                    ids += page.map(\.responseId)
                }
                #expect(pages >= (ids.count + pageSize - 1) / pageSize)
                return ids
            }
            #expect(try await ids(ResponseFilter(topic: "/a/b/c")) == ["r0", "r1", "r2", "r3", "r4"])
            #expect(try await ids(ResponseFilter(topic: "/a/b/c"), pageSize: 500) == ["r0", "r1", "r2", "r3", "r4"])
            #expect(try await ids(ResponseFilter(topic: "/other")).isEmpty)
            #expect(try await ids(ResponseFilter(topic: "/a/b/c", username: "joe")) == ["r0", "r2", "r4"])
            #expect(try await ids(ResponseFilter(topic: "/a/b/c", messageId: b)) == ["r1", "r4"])
            #expect(try await ids(notifier.exports.filter(topic: "/a/b/c", payloadName: "colour")) == ["r0", "r3"])
            #expect(try await ids(ResponseFilter(topic: "/a/b/c", since: "2025-04-13T08:02:00Z", until: "2025-04-13T08:04:00Z"))
                == ["r1", "r2"])
            #expect(try await ids(ResponseFilter(topic: "/a/b/c", messageId: a, username: "ann")) == ["r3"])
        }
    }

    @Test(arguments: TestedDatabase.available)
    func theColumnsAreTheFieldsOfEveryPayloadAnsweredInFirstAnswerOrder(_ tested: TestedDatabase) async throws {
        try await NotifyStoreConformanceTests.withNotifier(tested) { notifier in
            let (a, _) = try await Self.answers(notifier)
            #expect(try await notifier.exports.fieldIds(ResponseFilter(topic: "/a/b/c")) == ["simpleDropList", "note", "score"])
            #expect(try await notifier.exports.fieldIds(ResponseFilter(topic: "/a/b/c", messageId: a)) == ["simpleDropList"])
            #expect(try await notifier.exports.fieldIds(ResponseFilter(topic: "/a/b/c", since: "2025-04-13T08:02:00Z"))
                == ["note", "simpleDropList", "score"])
            #expect(try await notifier.exports.fieldIds(ResponseFilter(topic: "/nothing")).isEmpty)
        }
    }
}
