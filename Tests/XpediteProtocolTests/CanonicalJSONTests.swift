import Foundation
import Testing
@testable import XpediteProtocol

/// The canonical JSON writer: byte for byte what `JSONEncoder` wrote before it, on every fixture
/// and on random trees, and parsed back by `JSONSerialization` to the same tree.
@Suite("Canonical JSON writer")
struct CanonicalJSONTests {
    /// Every `.json` file under Tests/Fixtures, as `folder/name`.
    static let fixtures: [String] = {
        let root = Fixtures.root
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var names: [String] = []
        while let name = enumerator?.nextObject() as? String {
            if name.hasSuffix(".json") { names.append(name) }
        }
        return names.sorted()
    }()

    @Test("every fixture under Tests/Fixtures is covered")
    func fixturesFound() {
        #expect(Self.fixtures.count >= 300)
    }

    @Test("fixtures: byte-identical to JSONEncoder, compact and pretty", arguments: fixtures)
    func fixtureMatchesReference(_ name: String) throws {
        let data = try Data(contentsOf: Fixtures.root.appendingPathComponent(name))
        let tree: JSONValue
        do {
            tree = try JSONValue(parsing: data)
        } catch {
            // Some invalid fixtures are deliberately not JSON; they have no tree to write.
            #expect(name.hasPrefix("invalid/"), "\(name) is not JSON")
            return
        }
        #expect(CanonicalJSON.data(tree) == (try ReferenceEncoder.data(tree)))
        #expect(CanonicalJSON.data(tree, pretty: true) == (try ReferenceEncoder.data(tree, pretty: true)))
    }

    @Test("random trees: byte-identical to JSONEncoder and parsed back to the same tree", arguments: 0..<8)
    func randomTrees(_ seed: Int) throws {
        var random = RandomTree(seed: UInt64(seed) &* 0x1234_5678_9ABC_DEF1)
        for _ in 0..<250 {
            let tree = random.value()
            let written = CanonicalJSON.data(tree)
            #expect(written == (try ReferenceEncoder.data(tree)), "\(tree)")
            #expect(CanonicalJSON.data(tree, pretty: true) == (try ReferenceEncoder.data(tree, pretty: true)))
            let parsed = try JSONSerialization.jsonObject(with: written, options: [.fragmentsAllowed])
            #expect(Self.sameTree(JSONValue(foundation: parsed), tree), "\(String(decoding: written, as: UTF8.self))")
        }
    }

    /// Whether a tree parsed back by `JSONSerialization` is the tree written. Numbers may differ
    /// in the last digits: Foundation's parser on Linux rounds some 17-digit numbers to a neighbour
    /// (`1.8768069707425977e+96` reads as `…956e+96`), which the next test shows is the parser's
    /// doing — the text itself reads back exactly.
    static func sameTree(_ parsed: JSONValue, _ written: JSONValue) -> Bool {
        switch (parsed, written) {
        case (.number(let lhs), .number(let rhs)):
            return lhs == rhs || abs(lhs - rhs) <= 1e-14 * Swift.max(abs(lhs), abs(rhs))
        case (.array(let lhs), .array(let rhs)):
            return lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { sameTree($0, $1) }
        case (.object(let lhs), .object(let rhs)):
            return lhs.count == rhs.count && lhs.allSatisfy { key, value in rhs[key].map { sameTree(value, $0) } ?? false }
        default:
            return parsed == written
        }
    }

    @Test("every number's text reads back exactly", arguments: 0..<4)
    func numbersReadBackExactly(_ seed: Int) {
        var random = RandomTree(seed: UInt64(seed) &+ 0xC0FF_EE00)
        for _ in 0..<2000 {
            let number = random.number()
            let text = CanonicalJSON.string(.number(number))
            #expect(Double(text) == number || (number == 0 && Double(text) == 0), "\(text)")
        }
    }

    @Test("numbers print as JSONEncoder prints them", arguments: [
        (0.0, "0"), (-0.0, "0"), (7, "7"), (-42, "-42"), (1_744_531_200, "1744531200"), (0.1, "0.1"), (1.5, "1.5"),
        (9_007_199_254_740_992, "9007199254740992"), (9_007_199_254_740_994, "9.007199254740994e+15"),
        (1e21, "1e+21"), (1e-7, "1e-07"), (.leastNonzeroMagnitude, "5e-324"), (.infinity, "null"), (.nan, "null"),
    ] as [(Double, String)])
    func numbers(_ number: Double, _ text: String) {
        #expect(CanonicalJSON.string(.number(number)) == text)
    }

    @Test("strings: RFC 8259 escapes, slashes and non-ASCII text as they are")
    func strings() throws {
        let text: JSONValue = "a/b \"q\" \\ \n\t\r\u{08}\u{0C}\u{01}\u{1F}\u{7F}é😀\u{FEFF}\u{2028}"
        #expect(CanonicalJSON.string(text) == #""a/b \"q\" \\ \n\t\r\b\f\u0001\u001f\#u{7F}é😀\#u{FEFF}\#u{2028}""#)
        #expect(CanonicalJSON.data(text) == (try ReferenceEncoder.data(text)))
    }

    /// The writer checks eight bytes at a time for characters to escape and copies short runs
    /// word by word: every escaped character (and the bytes around the boundaries: space, DEL,
    /// `!`, `#`, `[`, `]`, non-ASCII) at every position of strings from 1 to 24 bytes.
    @Test("escapes are found at every position of short and word-sized strings",
          arguments: ["\"", "\\", "\u{00}", "\u{1F}", "\n", " ", "!", "#", "[", "]", "\u{7F}", "é"])
    func escapesAtEveryPosition(_ special: String) throws {
        for length in 1...24 {
            for position in 0..<length {
                let text = String(repeating: "a", count: position) + special
                    + String(repeating: "b", count: length - position - 1)
                #expect(CanonicalJSON.data(.string(text)) == (try ReferenceEncoder.data(.string(text))),
                        "\(special.debugDescription) at \(position) of \(length)")
            }
        }
    }

    @Test("keys sort by their UTF-8 bytes, the protocol's own keys included")
    func keyOrder() {
        let object: JSONValue = ["width%": 1, "width": 2, "a10": 3, "a2": 4, "B": 5, "a": 6, "é": 7, "type": 8, "x+": 9]
        #expect(CanonicalJSON.string(object) == #"{"B":5,"a":6,"a10":3,"a2":4,"type":8,"width":2,"width%":1,"x+":9,"é":7}"#)
    }

    @Test("objects built in any order, and changed afterwards, write in canonical order")
    func orderAfterChanges() {
        var object: JSONObject = [:]
        object["a"] = 1
        object["b"] = 2
        #expect(CanonicalJSON.string(.object(object)) == #"{"a":1,"b":2}"#)
        object["B"] = 3
        object["a"] = nil
        object["c"] = ["z": 1, "y": 2]
        #expect(CanonicalJSON.string(.object(object)) == #"{"B":3,"b":2,"c":{"y":2,"z":1}}"#)
        #expect(CanonicalJSON.string(.object(object.canonicallyOrdered)) == CanonicalJSON.string(.object(object)))
    }

    @Test("pre-encoded objects write the same bytes as the members, compact and pretty", arguments: 0..<4)
    func preEncodedTrees(_ seed: Int) throws {
        var random = RandomTree(seed: UInt64(seed) &* 0x0F1E_2D3C_4B5A_6978)
        for _ in 0..<200 {
            let tree = random.value()
            let kept = Self.preEncodingObjects(in: tree)
            #expect(CanonicalJSON.data(kept) == CanonicalJSON.data(tree), "\(tree)")
            #expect(CanonicalJSON.data(kept, pretty: true) == CanonicalJSON.data(tree, pretty: true))
            #expect(kept == tree)
            #expect(kept.hashValue == tree.hashValue)
        }
    }

    @Test("a pre-encoded object that changes drops its bytes and writes what it holds")
    func preEncodedChanges() {
        // Members added out of order: the kept bytes are in canonical order all the same.
        let object: JSONObject = ["name": "Ada", "id": 7, "city": "Graz"]
        let kept = object.preEncoded()
        #expect(kept.isPreEncoded && !object.isPreEncoded)
        #expect(CanonicalJSON.string(.object(kept)) == #"{"city":"Graz","id":7,"name":"Ada"}"#)
        var changed = kept
        changed["score"] = 3
        #expect(!changed.isPreEncoded)
        #expect(CanonicalJSON.string(.object(changed)) == #"{"city":"Graz","id":7,"name":"Ada","score":3}"#)
        changed = kept
        changed["id"] = nil
        #expect(CanonicalJSON.string(.object(changed)) == #"{"city":"Graz","name":"Ada"}"#)
        changed = kept
        changed["city"] = "Turku"
        #expect(CanonicalJSON.string(.object(changed)) == #"{"city":"Turku","id":7,"name":"Ada"}"#)
        let mapped = kept.mapValues { $0 == "Ada" ? "Grace" : $0 }
        #expect(!mapped.isPreEncoded)
        #expect(CanonicalJSON.string(.object(mapped)) == #"{"city":"Graz","id":7,"name":"Grace"}"#)
        // The original keeps its bytes: a change is made to a copy.
        #expect(kept.isPreEncoded && CanonicalJSON.string(.object(kept)) == #"{"city":"Graz","id":7,"name":"Ada"}"#)
    }

    @Test("data responses: rows written from the typed array, the same bytes as their tree", arguments: 0..<4)
    func dataResponses(_ seed: Int) {
        var random = RandomTree(seed: UInt64(seed) &* 0x5DEE_CE66_D1CE_4E5B)
        for _ in 0..<100 {
            let rows: [JSONObject] = (0..<Int.random(in: 0...6, using: &random.generator)).map { _ in
                var row = JSONObject()
                for _ in 0..<Int.random(in: 0...5, using: &random.generator) { row[random.key()] = random.value(depth: 2) }
                return Bool.random(using: &random.generator) ? row.preEncoded() : row
            }
            let payload: DataResponse.Payload = Int.random(in: 0..<5, using: &random.generator) == 0
                ? .html(random.string()) : .rows(rows)
            let rc: ReturnCode = Bool.random(using: &random.generator)
                ? .code(Int.random(in: -3...3, using: &random.generator)) : .message(random.string())
            let response = DataResponse(rc: rc, data: payload,
                                        max: Bool.random(using: &random.generator) ? Int.random(in: 0...500, using: &random.generator) : nil,
                                        token: Bool.random(using: &random.generator) ? random.string() : nil)
            for pretty in [false, true] {
                let written = CanonicalJSON.withBytes(of: response, pretty: pretty) { Data($0) }
                #expect(written == CanonicalJSON.data(response.json, pretty: pretty), "\(response)")
            }
        }
    }

    /// The tree with every object, at every depth, pre-encoded (inner ones first).
    static func preEncodingObjects(in value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): .array(elements.map(preEncodingObjects))
        case .object(let object): .object(object.mapValues(preEncodingObjects).preEncoded())
        default: value
        }
    }

    @Test("pretty output: two-space indent, spaced colons, empty containers on their own lines")
    func pretty() {
        let tree: JSONValue = ["a": ["x": [], "y": [1, 2]], "b": [:]]
        #expect(CanonicalJSON.string(tree, pretty: true) == """
            {
              "a" : {
                "x" : [

                ],
                "y" : [
                  1,
                  2
                ]
              },
              "b" : {

              }
            }
            """)
    }
}
