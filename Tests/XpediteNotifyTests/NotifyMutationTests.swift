import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import XpediteNotify
import XpediteProtocol

/// A seeded generator (SplitMix64): the same seed, the same run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Mutates JSON values: removes, replaces, retypes and adds members and elements, deep inside.
struct JSONMutator {
    var random: SeededGenerator

    static let oddValues: [JSONValue] = [
        .null, true, false, 0, -1, 1e308, -1e308, 0.5, 2_147_483_648, "", " ", "\u{0}", "/a/b/c", "//", "rcs/image/x.jpg",
        "rcs/../../etc/passwd", .string(String(repeating: "é", count: 300)), [], [:], [[:]], ["type": "droplist"],
        ["longitude": 200, "latitude": 0], ["type": "Point", "coordinates": [1]], "2026-02-30", "2026-01-01T25:00:00Z",
    ]

    mutating func pick<T>(_ values: [T]) -> T {
        values[Int.random(in: 0..<values.count, using: &random)]
    }

    mutating func mutate(_ value: JSONValue, depth: Int = 0) -> JSONValue {
        let roll = Int.random(in: 0..<10, using: &random)
        switch value {
        case .object(let object) where !object.isEmpty && roll < 7:
            var members = object.dictionary
            let key = pick(object.keys)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: members[key] = nil
            case 1: members[key] = pick(Self.oddValues)
            case 2: members["x\(Int.random(in: 0..<5, using: &random))"] = pick(Self.oddValues)
            default: members[key] = mutate(object[key] ?? .null, depth: depth + 1)
            }
            return .object(JSONObject(members))
        case .array(let elements) where !elements.isEmpty && roll < 7:
            var copy = elements
            let index = Int.random(in: 0..<copy.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: copy.remove(at: index)
            case 1: copy[index] = pick(Self.oddValues)
            case 2: copy.append(copy[index])
            default: copy[index] = mutate(copy[index], depth: depth + 1)
            }
            return .array(copy)
        default:
            return roll < 9 ? pick(Self.oddValues) : value
        }
    }
}

/// 10,000 mutated payloads and responses through the HTTP routes: never a crash, never a 5xx,
/// always the error object on an error.
@Suite struct NotifyMutationTests {
    static let richPayload: JSONValue = [
        "responseTopic": "/fuzz", "state": ["n": 1],
        "fields": [
            ["id": "colour", "type": "droplist", "values": ["Red", "Green"], "default": "Red"],
            ["id": "count", "type": "inputInteger", "minValue": 0, "maxValue": 10, "optional": true],
            ["id": "when", "type": "date"],
            ["id": "at", "type": "datetime", "optional": true],
            ["id": "where", "type": "map", "optional": true],
            ["id": "ok", "type": "checkbox"],
            ["id": "photo", "type": "camera", "optional": true],
            ["type": "buttonCluster", "values": [["label": "Yes", "value": 1], ["label": "No", "value": 2]]],
        ],
    ]

    static let richResponse: JSONValue = [
        "submitValue": 1,
        "values": ["colour": "Green", "count": 3, "when": "2026-11-22", "at": "2026-11-22T10:00:00Z",
                   "where": ["longitude": 1.5, "latitude": 2.5], "ok": true, "photo": .null],
    ]

    @Test(arguments: StoreKind.tested)
    func tenThousandMutatedRequestsGiveNo5xx(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                var messages: [String] = []
                for _ in 0..<20 { messages.append(try await api.send(Self.richPayload, to: ["joe"])) }
                var mutator = JSONMutator(random: SeededGenerator(state: 20_261_122))
                var statuses: [Int: Int] = [:]
                for round in 0..<10_000 {
                    let answer: (status: HTTPResponse.Status, json: JSONValue)
                    switch round % 4 {
                    case 0, 1:
                        var body: JSONValue = ["title": "t", "body": "b", "payload": Self.richPayload, "to": ["users": ["joe"]]]
                        for _ in 0...Int.random(in: 0..<3, using: &mutator.random) {
                            body = round % 4 == 0 ? Self.replacing("payload", in: body, with: mutator.mutate(body["payload"] ?? .null))
                                                  : mutator.mutate(body)
                        }
                        answer = try await api.call(.post, "/send", body: body)
                    case 2:
                        var body = Self.richResponse
                        for _ in 0...Int.random(in: 0..<3, using: &mutator.random) { body = mutator.mutate(body) }
                        body = Self.replacing("responseId", in: body, with: .string("m-\(round % 50)"))
                        body = Self.replacing("messageId", in: body, with: .string(mutator.pick(messages)))
                        answer = try await api.call(.post, "/device/responses", token: joe, body: body)
                    default:
                        let bytes = Array(CanonicalJSON.data(mutator.mutate(Self.richResponse)))
                        let cut = bytes.prefix(Int.random(in: 0...bytes.count, using: &mutator.random))
                        let route = mutator.pick(["/device/responses", "/device/login", "/webhooks/w", "/users/u", "/groups/g", "/requests/r"])
                        let method: HTTPRequest.Method = route.hasPrefix("/device") ? .post : .put
                        let token = route.hasPrefix("/device/responses") ? joe : NotifyHarness.apiKey
                        answer = try await api.call(method, route, token: token, raw: ByteBuffer(bytes: cut))
                    }
                    statuses[answer.status.code, default: 0] += 1
                    #expect(answer.status.code < 500, "round \(round): \(answer.status) \(answer.json)")
                    if answer.status.code >= 400 {
                        #expect(answer.json["error"]?["code"]?.stringValue != nil, "round \(round): no error object")
                    }
                }
                // The run exercised both outcomes, not only refusals.
                #expect(statuses[201, default: 0] > 100)
                #expect(statuses[422, default: 0] > 100)
            }
        }
    }

    static func replacing(_ key: String, in value: JSONValue, with member: JSONValue) -> JSONValue {
        guard case .object(let object) = value else { return value }
        var members = object.dictionary
        members[key] = member
        return .object(JSONObject(members))
    }
}
