import Foundation
import Testing
@testable import XpediteProtocol

/// Nothing a peer can send crashes validation or decoding: every fixture, mutated many times
/// with a fixed seed, goes through the validator and both decoders.
@Suite("Robustness")
struct RobustnessTests {
    /// A small deterministic generator (SplitMix64), so failures reproduce.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
    }

    static let replacements: [JSONValue] = [
        nil, true, false, 0, -1, 1e300, -0.5, "", "wide", "#GGG", "1990-02-30", [], [:], [nil], ["type": "label"],
        ["function": 3], ["dynamic": []], .string(String(repeating: "x", count: 300)),
    ]

    static func mutate(_ value: JSONValue, _ generator: inout Generator, depth: Int = 0) -> JSONValue {
        if depth > 0, generator.below(6) == 0 {
            return replacements[generator.below(replacements.count)]
        }
        switch value {
        case .object(var members):
            let keys = members.keys.sorted()
            if let key = keys.isEmpty ? nil : keys[generator.below(keys.count)] {
                switch generator.below(4) {
                case 0: members[key] = nil
                case 1: members[key + "x"] = members[key]
                default: members[key] = mutate(members[key] ?? nil, &generator, depth: depth + 1)
                }
            }
            return .object(members)
        case .array(var elements):
            if !elements.isEmpty {
                let index = generator.below(elements.count)
                elements[index] = mutate(elements[index], &generator, depth: depth + 1)
                if generator.below(5) == 0 { elements.append(elements[index]) }
            }
            return .array(elements)
        default:
            return replacements[generator.below(replacements.count)]
        }
    }

    @Test("mutated fixtures never crash the validator or the decoders")
    func mutations() throws {
        var generator = Generator(state: 20_261_122)
        var checked = 0
        for name in Fixtures.files(in: "valid") {
            let original = try JSONValue(parsing: Fixtures.data("valid", name))
            for _ in 0..<25 {
                var value = original
                for _ in 0...generator.below(3) { value = Self.mutate(value, &generator) }
                for kind in PacketKind.allCases {
                    _ = PacketValidator().validate(value, as: kind)
                }
                _ = try? PacketDecoder(mode: .lenient).decodeResponse(value)
                _ = try? PacketDecoder(mode: .strict).decodeRequest(value)
                _ = try? PacketDecoder(mode: .lenient).decodeDataResponse(value)
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    @Test("deeply nested containers are fine")
    func deepNesting() throws {
        var component: JSONValue = ["type": "label", "text": "deep"]
        for _ in 0..<200 { component = ["type": "scrollview", "components": [component]] }
        let report = PacketValidator().validate(["rc": 0, "components": [component]])
        #expect(report.isValid)
        _ = try PacketDecoder().decodeResponse(["rc": 0, "components": [component]])
    }
}
