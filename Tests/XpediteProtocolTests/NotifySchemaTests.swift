import Testing
@testable import XpediteProtocol

/// The JSON Schema of payloads and response objects is made from the validator's definitions.
@Suite("Notify schema")
struct NotifySchemaTests {
    static func definitions(_ schema: JSONValue) throws -> JSONObject {
        try #require(schema["$defs"]?.objectValue)
    }

    /// Every `$ref` in the schema names a definition.
    static func references(_ value: JSONValue) -> [String] {
        switch value {
        case .object(let members):
            var found: [String] = []
            for (key, member) in members {
                if key == "$ref", let target = member.stringValue { found.append(target) }
                found += references(member)
            }
            return found
        case .array(let elements): return elements.flatMap(references)
        default: return []
        }
    }

    @Test("both documents: draft 2020-12, every reference resolves", arguments: NotifySchemaGenerator.Document.allCases)
    func references(_ document: NotifySchemaGenerator.Document) throws {
        let schema = NotifySchemaGenerator.schema(for: document)
        #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        let defs = try Self.definitions(schema)
        for reference in Self.references(schema) {
            #expect(reference.hasPrefix("#/$defs/"))
            #expect(defs[String(reference.dropFirst("#/$defs/".count))] != nil, "\(reference)")
        }
    }

    @Test("every field type has a definition with its keys, and input types require id")
    func fields() throws {
        let defs = try Self.definitions(NotifySchemaGenerator.schema())
        for type in Field.types {
            let definition = try #require(defs["notify.field.\(type)"])
            let keys = Set(definition["properties"]?.objectValue?.keys ?? [])
            #expect(keys == Set(try #require(Field.shapes[type]).keys))
            let required = definition["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(required.contains("id") == Field.inputTypes.contains(type), "\(type)")
        }
        #expect(defs["notify.field"]?["allOf"]?.arrayValue?.count == 25)
    }

    @Test("rules the schema can state: topic pattern, fields or payloadName, date-time pattern, location forms")
    func refinements() throws {
        let defs = try Self.definitions(NotifySchemaGenerator.schema())
        #expect(defs["notify.payload"]?["properties"]?["responseTopic"]?["pattern"] == .string(Topic.pattern))
        #expect(defs["notify.payload"]?["anyOf"] == [["required": ["fields"]], ["required": ["payloadName"]]])
        #expect(defs["notify.field.datetime"]?["properties"]?["default"]?["pattern"] == .string(ISODateTime.pattern))
        #expect(defs["notify.location"]?["oneOf"]?.arrayValue?.count == 2)
        let response = try Self.definitions(NotifySchemaGenerator.schema(for: .response))
        #expect(NotifySchemaGenerator.schema(for: .response)["$ref"] == "#/$defs/notify.response")
        #expect(Set(response["notify.response"]?["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            == ["responseTopic", "submitValue", "username", "deviceId", "deviceName", "values"])
    }

    @Test("the screen schema is unchanged by the notify definitions")
    func screenSchema() throws {
        let defs = try Self.definitions(JSONSchemaGenerator.schema())
        #expect(!defs.keys.contains { $0.hasPrefix("notify.") })
    }
}
