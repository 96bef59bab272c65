import Foundation
import Testing
@testable import XpediteProtocol

/// Objects made from keys interned once (`JSONObject.Keys`, the rows of a keyset page): the same
/// objects, and the same bytes, as members added one by one.
@Suite("JSON objects from interned keys")
struct JSONObjectKeysTests {
    @Test("names are put in canonical order, each with the position it came from")
    func canonicalOrder() {
        let keys = JSONObject.Keys(["score", "id", "Name", "name", "city", "width%", "zeta"])
        #expect(keys.names == ["Name", "city", "id", "name", "score", "width%", "zeta"])
        #expect(keys.sources == [2, 4, 1, 3, 0, 5, 6])
        #expect(keys.count == 7)
    }

    @Test("a name given twice keeps its last position, as a dictionary keeps the last value")
    func repeatedName() {
        let keys = JSONObject.Keys(["id", "name", "id"])
        #expect(keys.names == ["id", "name"])
        #expect(keys.sources == [2, 1])
        let values: [JSONValue] = [.number(1), .string("Ada"), .number(2)]
        let record = JSONObject(keys: keys) { values[$0] }
        #expect(record == ["id": .number(2), "name": .string("Ada")])
    }

    @Test("the objects equal, and write as, the ones made member by member", arguments: [
        ["id", "name", "city", "score"],
        ["zeta", "id", "Upper", "blob", "x%", "text", "type"],
        [String](),
    ])
    func sameObjectsAndBytes(_ names: [String]) throws {
        let keys = JSONObject.Keys(names)
        let values: [JSONValue] = names.indices.map { index in
            index.isMultiple(of: 2) ? .number(Double(index) * 1.5) : .string("value \(index)")
        }
        let record = JSONObject(keys: keys) { values[$0] }
        var added = JSONObject()
        for (name, value) in zip(names, values) { added[name] = value }
        #expect(record == added)
        #expect(record.isCanonicallyOrdered)
        #expect(CanonicalJSON.data(.object(record)) == CanonicalJSON.data(.object(added)))
        #expect(CanonicalJSON.data(.object(record)) == (try ReferenceEncoder.data(.object(added))))
    }

    @Test("an error of a value ends the object and reaches the caller")
    func valueErrors() {
        struct Unreadable: Error {}
        let keys = JSONObject.Keys(["id", "blob"])
        #expect(throws: Unreadable.self) {
            _ = try JSONObject(keys: keys) { source in
                if source == 1 { throw Unreadable() }
                return .number(1)
            }
        }
    }
}
