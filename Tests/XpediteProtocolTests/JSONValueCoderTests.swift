import Foundation
import Testing
import XpediteProtocol

/// `JSONValueEncoder`/`JSONValueDecoder`: Codable straight to and from the tree, agreeing with
/// `JSONEncoder`/`JSONDecoder`, exact about numbers, with coding paths in every error.
@Suite("JSONValue encoder and decoder")
struct JSONValueCoderTests {
    enum Role: String, Codable, Sendable { case admin, reader }

    struct Address: Codable, Hashable, Sendable {
        var street: String
        var zip: String?
    }

    struct Profile: Codable, Hashable, Sendable {
        var name: String
        var age: Int
        var score: Double
        var ratio: Float
        var small: UInt8
        var big: Int64
        var isActive: Bool
        var role: Role
        var nickname: String?
        var addresses: [Address]
        var tags: Set<String>
        var counts: [String: Int]
        var byNumber: [Int: String]
        var matrix: [[Double]]
        var joined: Date
        var avatar: Data
        var homepage: URL
        var nothing: [String]
        var optionalNil: Int?
    }

    static let profile = Profile(
        name: "Ada \"Countess\" / Lovelace", age: 36, score: 98.25, ratio: 0.1, small: 255, big: -9_007_199_254_740_992,
        isActive: true, role: .admin, nickname: nil,
        addresses: [Address(street: "St James's Square", zip: "SW1Y"), Address(street: "Marylebone", zip: nil)],
        tags: ["math", "poetry"], counts: ["notes": 7, "letters": 0], byNumber: [1: "one", 20: "twenty"],
        matrix: [[1, 2.5], [], [-0.125]], joined: Date(timeIntervalSince1970: 1_744_531_200.5),
        avatar: Data([0, 1, 2, 250, 255]), homepage: URL(string: "https://example.com/ada?x=1")!, nothing: [],
        optionalNil: nil)

    /// A class hierarchy that encodes its superclass through `superEncoder()`.
    class Animal: Codable {
        var legs: Int
        init(legs: Int) { self.legs = legs }
    }

    final class Dog: Animal, @unchecked Sendable {
        var name: String
        init(name: String, legs: Int) {
            self.name = name
            super.init(legs: legs)
        }

        enum CodingKeys: String, CodingKey { case name }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            try super.init(from: container.superDecoder())
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try super.encode(to: container.superEncoder())
        }
    }

    /// Nested keyed and unkeyed containers written by hand.
    struct Nested: Codable, Hashable {
        var points: [[Int]]
        var label: String

        enum CodingKeys: String, CodingKey { case geometry, label }
        enum GeometryKeys: String, CodingKey { case points }

        init(points: [[Int]], label: String) {
            self.points = points
            self.label = label
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            label = try container.decode(String.self, forKey: .label)
            let geometry = try container.nestedContainer(keyedBy: GeometryKeys.self, forKey: .geometry)
            var list = try geometry.nestedUnkeyedContainer(forKey: .points)
            var points: [[Int]] = []
            while !list.isAtEnd {
                var pair = try list.nestedUnkeyedContainer()
                points.append([try pair.decode(Int.self), try pair.decode(Int.self)])
            }
            self.points = points
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(label, forKey: .label)
            var geometry = container.nestedContainer(keyedBy: GeometryKeys.self, forKey: .geometry)
            var list = geometry.nestedUnkeyedContainer(forKey: .points)
            for point in points {
                var pair = list.nestedUnkeyedContainer()
                for coordinate in point { try pair.encode(coordinate) }
            }
        }
    }

    /// What `JSONEncoder` makes of a value, as a tree.
    static func reference<Value: Encodable>(_ value: Value, iso8601: Bool = false) throws -> JSONValue {
        let encoder = JSONEncoder()
        if iso8601 { encoder.dateEncodingStrategy = .iso8601 }
        return try JSONValue(parsing: encoder.encode(value))
    }

    @Test("encodes what JSONEncoder encodes, and decodes it back")
    func agreesWithFoundation() throws {
        let tree = try JSONValueEncoder().encode(Self.profile)
        #expect(tree == (try Self.reference(Self.profile)))
        #expect(try JSONValueDecoder().decode(Profile.self, from: tree) == Self.profile)
        // And what JSONDecoder reads from the tree's text, the decoder reads from the tree.
        #expect(try JSONDecoder().decode(Profile.self, from: CanonicalJSON.data(tree)) == Self.profile)
    }

    @Test("ISO 8601 and seconds-since-1970 dates, Base64 and byte-array data")
    func strategies() throws {
        let date = Date(timeIntervalSince1970: 1_744_531_200)
        let iso = JSONValueEncoder(dateEncodingStrategy: .iso8601)
        #expect(try iso.encode([date]) == (try Self.reference([date], iso8601: true)))
        #expect(try iso.encode(date) == "2025-04-13T08:00:00Z")
        #expect(try JSONValueDecoder(dateDecodingStrategy: .iso8601).decode(Date.self, from: "2025-04-13T08:00:00Z") == date)
        #expect(try JSONValueEncoder(dateEncodingStrategy: .secondsSince1970).encode(date) == 1_744_531_200)
        #expect(try JSONValueEncoder(dateEncodingStrategy: .millisecondsSince1970).encode(date) == 1_744_531_200_000)
        #expect(try JSONValueDecoder(dateDecodingStrategy: .millisecondsSince1970).decode(Date.self, from: 1_744_531_200_000)
            == date)
        let bytes = Data([1, 2, 3])
        #expect(try JSONValueEncoder(dataEncodingStrategy: .deferredToData).encode(bytes) == [1, 2, 3])
        #expect(try JSONValueDecoder(dataDecodingStrategy: .deferredToData).decode(Data.self, from: [1, 2, 3]) == bytes)
        #expect(try JSONValueEncoder().encode(bytes) == "AQID")
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Data.self, from: "not base64!") }
        #expect(throws: DecodingError.self) {
            try JSONValueDecoder(dateDecodingStrategy: .iso8601).decode(Date.self, from: "yesterday")
        }
    }

    @Test("super encoders and decoders, nested containers")
    func containers() throws {
        let dog = Dog(name: "Rex", legs: 4)
        let tree = try JSONValueEncoder().encode(dog)
        #expect(tree == ["name": "Rex", "super": ["legs": 4]])
        #expect(tree == (try Self.reference(dog)))
        let decoded = try JSONValueDecoder().decode(Dog.self, from: tree)
        #expect(decoded.name == "Rex" && decoded.legs == 4)

        let nested = Nested(points: [[1, 2], [3, 4]], label: "path")
        let nestedTree = try JSONValueEncoder().encode(nested)
        #expect(nestedTree == ["label": "path", "geometry": ["points": [[1, 2], [3, 4]]]])
        #expect(try JSONValueDecoder().decode(Nested.self, from: nestedTree) == nested)
    }

    @Test("large dictionaries, and a key encoded twice keeps its last value")
    func largeObjects() throws {
        let big = Dictionary(uniqueKeysWithValues: (0..<200).map { ("key\($0)", $0) })
        #expect(try JSONValueEncoder().encode(big) == (try Self.reference(big)))
        #expect(try JSONValueDecoder().decode([String: Int].self, from: JSONValueEncoder().encode(big)) == big)

        /// Writes keys k0…k(n-1), then k3 again: past 16 members the encoder finds keys by index.
        struct Twice: Encodable {
            struct Key: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
            var count: Int
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                for index in 0..<count { try container.encode(index, forKey: Key(stringValue: "k\(index)")) }
                try container.encode("again", forKey: Key(stringValue: "k3"))
            }
        }
        for count in [5, 40] {
            let tree = try JSONValueEncoder().encode(Twice(count: count))
            #expect(tree.objectValue?.count == count)
            #expect(tree["k3"] == "again")
            #expect(tree["k\(count - 1)"] == .number(Double(count - 1)))
        }
    }

    @Test("a tree and a JSONObject pass through unchanged")
    func trees() throws {
        let tree: JSONValue = ["a": [1, "two", nil, true], "b": ["c": 1.5]]
        #expect(try JSONValueEncoder().encode(tree) == tree)
        #expect(try JSONValueEncoder().encode(["inner": tree]) == ["inner": tree])
        #expect(try JSONValueDecoder().decode(JSONValue.self, from: tree) == tree)
        #expect(try JSONValueDecoder().decode([String: JSONValue].self, from: tree)["b"] == ["c": 1.5])
    }

    @Test("integers beyond ±2^53 and non-finite numbers are refused, with their coding path")
    func inexactNumbersThrow() throws {
        struct Wrapper<Value: Encodable>: Encodable { var items: [Value] }
        #expect(try JSONValueEncoder().encode(Int64(9_007_199_254_740_992)) == 9_007_199_254_740_992)
        do {
            _ = try JSONValueEncoder().encode(Wrapper(items: [1, Int64(9_007_199_254_740_993)]))
            Issue.record("expected an EncodingError")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["items", "Index 1"])
        }
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(UInt64.max) }
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(["x": Float.infinity]) }
    }

    @Test("integers, booleans and doubles decode exactly")
    func exactDecoding() {
        let decoder = JSONValueDecoder()
        #expect(throws: DecodingError.self, "Int from 1.5") { try decoder.decode(Int.self, from: 1.5) }
        #expect(throws: DecodingError.self, "UInt8 from 300") { try decoder.decode(UInt8.self, from: 300) }
        #expect(throws: DecodingError.self, "UInt from -1") { try decoder.decode(UInt.self, from: -1) }
        #expect(throws: DecodingError.self, "Int from true") { try decoder.decode(Int.self, from: true) }
        #expect(throws: DecodingError.self, "Bool from 1") { try decoder.decode(Bool.self, from: 1) }
        #expect(throws: DecodingError.self, "Double from a string") { try decoder.decode(Double.self, from: "1") }
        #expect(throws: DecodingError.self, "String from null") { try decoder.decode(String.self, from: nil) }
        #expect(throws: DecodingError.self, "Float from 1e300") { try decoder.decode(Float.self, from: 1e300) }
    }

    @Test("decoding errors carry the coding path")
    func decodingPaths() throws {
        let tree: JSONValue = ["name": "Ada", "addresses": [["street": "A"], ["street": 7]]]
        struct Person: Decodable {
            var name: String
            var addresses: [Address]
        }
        do {
            _ = try JSONValueDecoder().decode(Person.self, from: tree)
            Issue.record("expected a DecodingError")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["addresses", "Index 1", "street"])
        }
        do {
            _ = try JSONValueDecoder().decode(Person.self, from: ["addresses": []])
            Issue.record("expected a DecodingError")
        } catch let DecodingError.keyNotFound(key, _) {
            #expect(key.stringValue == "name")
        }
        #expect(try JSONValueDecoder().decode(Int.self, from: 42) == 42)
        #expect(try JSONValueDecoder().decode([Int?].self, from: [1, nil, 3]) == [1, nil, 3])
        #expect(try JSONValueDecoder().decode(Int8.self, from: -128) == -128)
    }
}
