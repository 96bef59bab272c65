import Foundation
import Testing
@testable import XpediteProtocol

/// Nothing a sender can put in a payload or a response crashes validation or reading: every
/// notification fixture, mutated thousands of times with a fixed seed, goes through the payload
/// validator, the model reader and the response validator; every issue carries a path that
/// exists in the mutated document (or `$` for a missing key).
@Suite("Notify robustness")
struct NotifyRobustnessTests {
    static let replacements: [JSONValue] = [
        nil, true, false, 0, -1, 1e300, -0.5, 2.5, 100, "", "x", "/a/b", "a/b", "#GGG", "1990-02-30", "1991-04-20T09:30Z",
        "rcs/image/x.jpg", "slider", "Point", [], [:], [nil], [1, 2], ["Red", "Red"], ["type": "droplist"],
        ["label": "A", "value": 1], ["longitude": 500, "latitude": 0], ["type": "Point", "coordinates": [1, 2, 3]],
        .string(String(repeating: "x", count: 300)),
    ]

    static func mutate(_ value: JSONValue, _ generator: inout RobustnessTests.Generator, depth: Int = 0) -> JSONValue {
        if depth > 0, generator.below(6) == 0 {
            return replacements[generator.below(replacements.count)]
        }
        switch value {
        case .object(var members):
            let keys = members.keys.sorted()
            if let key = keys.isEmpty ? nil : keys[generator.below(keys.count)] {
                switch generator.below(5) {
                case 0: members[key] = nil
                case 1: members[key + "x"] = members[key]
                case 2: members["type"] = .string(Field.types[generator.below(Field.types.count)])
                default: members[key] = mutate(members[key] ?? nil, &generator, depth: depth + 1)
                }
            }
            return .object(members)
        case .array(var elements):
            if !elements.isEmpty {
                let index = generator.below(elements.count)
                elements[index] = mutate(elements[index], &generator, depth: depth + 1)
                if generator.below(4) == 0 { elements.append(elements[index]) }
            }
            return .array(elements)
        default:
            return replacements[generator.below(replacements.count)]
        }
    }

    /// Whether `path` names a value inside `value` (the last step may be a missing key).
    static func reaches(_ path: JSONPath, in value: JSONValue) -> Bool {
        var current = value
        for (position, step) in path.steps.enumerated() {
            let last = position == path.steps.count - 1
            switch step {
            case .key(let key):
                guard let next = current[key] else { return last && current.objectValue != nil }
                current = next
            case .index(let index):
                guard let elements = current.arrayValue, elements.indices.contains(index) else { return false }
                current = elements[index]
            }
        }
        return true
    }

    @Test("thousands of mutated payloads: no crash, every issue has a path into the payload")
    func payloads() throws {
        var generator = RobustnessTests.Generator(state: 9_052_026)
        var checked = 0
        for name in Fixtures.files(in: "notify/valid") + Fixtures.files(in: "notify/invalid") {
            let folder = Fixtures.files(in: "notify/valid").contains(name) ? "notify/valid" : "notify/invalid"
            let original = try JSONValue(parsing: Fixtures.data(folder, name))
            for _ in 0..<40 {
                var value = original
                for _ in 0...generator.below(3) { value = Self.mutate(value, &generator) }
                let report = PayloadValidator().validate(value)
                for issue in report.issues {
                    #expect(Self.reaches(issue.path, in: value), "\(name): \(issue)")
                    #expect(!issue.message.isEmpty)
                }
                if let payload = report.payload {
                    // What a tolerant read keeps encodes and reads back.
                    _ = PayloadValidator().validate(payload.json)
                    if report.isValid {
                        #expect(PayloadValidator().validate(payload.json).payload == payload, "\(name)")
                    }
                }
                checked += 1
            }
        }
        #expect(checked >= 3000)
    }

    @Test("thousands of mutated responses: no crash, every issue has a path into the response")
    func responses() throws {
        var generator = RobustnessTests.Generator(state: 11_222_026)
        var checked = 0
        let names = Fixtures.files(in: "notify/responses/valid") + Fixtures.files(in: "notify/responses/invalid")
        for name in names {
            let folder = Fixtures.files(in: "notify/responses/valid").contains(name) ? "valid" : "invalid"
            let original = try JSONValue(parsing: Fixtures.data("notify/responses/\(folder)", name))
            let payload = try NotifyResponseTests.payload(for: name)
            for _ in 0..<120 {
                var value = original
                for _ in 0...generator.below(3) { value = Self.mutate(value, &generator) }
                let report = ResponseValidator(knownDocuments: []).validate(value, against: payload)
                for issue in report.issues {
                    #expect(Self.reaches(issue.path, in: value), "\(name): \(issue)")
                }
                #expect((report.values == nil) == report.issues.hasErrors)
                checked += 1
            }
        }
        #expect(checked >= 3000)
    }
}
