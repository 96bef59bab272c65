import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import XpediteProtocol
@testable import XpediteNotify

/// The payloads the answer route keeps read and compiled (decision 0555): bounded by a count and
/// by bytes, the least recently answered making way, and never used for a text other than the
/// one they were made from.
@Suite struct AnsweredPayloadCacheTests {
    /// A stored payload text of one number field whose check is `$n <= limit`.
    static func text(limit: Int, topic: String = "/cache") -> String {
        CanonicalJSON.string(["responseTopic": .string(topic), "fields": [
            ["type": "inputInteger", "id": "n", "minValue": 0, "maxValue": 100, "check": .string("$n <= \(limit)")],
        ]])
    }

    @Test func theCacheKeepsAtMostItsCountTheLeastRecentlyUsedMakingWay() throws {
        let cache = AnsweredPayloadCache(capacity: 3, byteCapacity: 1 << 20)
        for number in 0..<10 {
            _ = try cache.payload(for: .message("m-\(number)"), text: Self.text(limit: number))
            // The first message is answered again and again: it is never the least recently used.
            _ = try cache.payload(for: .message("m-0"), text: Self.text(limit: 0))
            #expect(cache.usage.count <= 3)
        }
        #expect(cache.usage.count == 3)
        #expect(cache.isKept(.message("m-0"), text: Self.text(limit: 0)))
        #expect(cache.isKept(.message("m-9"), text: Self.text(limit: 9)))
        #expect(cache.isKept(.message("m-8"), text: Self.text(limit: 8)))
        #expect(!cache.isKept(.message("m-1"), text: Self.text(limit: 1)))
        #expect(cache.usage.bytes == [0, 8, 9].map { Self.text(limit: $0).utf8.count }.reduce(0, +))
    }

    @Test func theCacheKeepsAtMostItsBytes() throws {
        let size = Self.text(limit: 10).utf8.count
        let cache = AnsweredPayloadCache(capacity: 100, byteCapacity: size * 5 / 2)
        for number in 10..<40 {
            _ = try cache.payload(for: .startRequest("r-\(number)"), text: Self.text(limit: number))
            #expect(cache.usage.bytes <= size * 5 / 2)
        }
        #expect(cache.usage.count == 2)
        // A payload larger than the whole cache is read and checked, and not kept.
        let big = Self.text(limit: 1, topic: "/" + String(repeating: "x", count: size * 3))
        let answered = try cache.payload(for: .startRequest("big"), text: big)
        #expect(answered.payload.responseTopic.count == size * 3 + 1)
        #expect(!cache.isKept(.startRequest("big"), text: big))
    }

    @Test func aChangedTextIsReadAgainNotAnsweredFromTheKeptOne() throws {
        let cache = AnsweredPayloadCache(capacity: 4, byteCapacity: 1 << 20)
        let first = try cache.payload(for: .startRequest("r"), text: Self.text(limit: 5))
        #expect(first.rules.check("n") == "$n <= 5")
        let second = try cache.payload(for: .startRequest("r"), text: Self.text(limit: 3))
        #expect(second.rules.check("n") == "$n <= 3")
        #expect(cache.usage.count == 1)
        #expect(!cache.isKept(.startRequest("r"), text: Self.text(limit: 5)))
        // A message and a start request of the same name are not each other's.
        let message = try cache.payload(for: .message("r"), text: Self.text(limit: 7))
        #expect(message.rules.check("n") == "$n <= 7")
        #expect(try cache.payload(for: .startRequest("r"), text: Self.text(limit: 3)).rules.check("n") == "$n <= 3")
    }

    @Test func textsAreComparedByTheirBytes() {
        #expect(AnsweredPayloadCache.sameBytes("{\"a\":\"é\"}", "{\"a\":\"é\"}"))
        // The same text in Unicode (é composed and decomposed), not the same stored bytes.
        #expect(!AnsweredPayloadCache.sameBytes("{\"a\":\"\u{E9}\"}", "{\"a\":\"e\u{301}\"}"))
        #expect(!AnsweredPayloadCache.sameBytes("{\"a\":1}", "{\"a\":2}"))
        #expect(AnsweredPayloadCache.sameBytes("", ""))
    }

    @Test func aStoredTextThatIsNotAPayloadIsACorruptStore() {
        let cache = AnsweredPayloadCache(capacity: 4, byteCapacity: 1 << 20)
        #expect(throws: StoreError.self) { try cache.payload(for: .message("m"), text: "[1, 2]") }
        #expect(cache.usage.count == 0)
    }

    @Test(arguments: StoreKind.tested)
    func aStartRequestPutAgainIsAnsweredWithItsNewRules(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                func put(limit: Int) async throws {
                    let put = try await api.call(.put, "/requests/count", body: [
                        "title": "Count", "body": "b", "responseTopic": "/counts", "fields": [
                            ["type": "inputInteger", "id": "n", "minValue": 0, "maxValue": 100,
                             "check": .string("$n <= \(limit)"), "checkMessage": .string("At most \(limit).")],
                        ],
                    ])
                    #expect(put.status == .ok)
                }
                func answer(_ number: Int) async throws -> (status: HTTPResponse.Status, json: JSONValue) {
                    let answer = try await api.call(.post, "/device/responses", token: joe, body: [
                        "responseId": .string(UUID().uuidString), "request": "count", "submitValue": 0, "values": ["n": .number(Double(number))],
                    ])
                    return (answer.status, answer.json)
                }
                try await put(limit: 5)
                #expect(try await answer(5).status == .created)     // the payload is kept now
                try await put(limit: 3)
                let refused = try await answer(5)
                #expect(refused.status == .unprocessableContent)
                #expect(NotifyRulesTests.issues(refused.json).map(\.path) == ["$.values.n"])
                #expect(NotifyRulesTests.issues(refused.json).first?.message == "At most 3.")
                #expect(try await answer(3).status == .created)
                try await put(limit: 5)
                #expect(try await answer(5).status == .created)
            }
        }
    }
}
