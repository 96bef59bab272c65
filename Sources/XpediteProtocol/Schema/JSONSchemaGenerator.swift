/// Writes the JSON Schema (draft 2020-12) of the new dialect from the same ``Shape`` definitions
/// the validator checks against, so the two cannot drift apart.
///
/// The schema describes canonical packets: what the SDK emits and what ``PacketDecoder`` writes
/// after normalising. Rules that span several keys (duplicate ids, a form that saves without an
/// id) are the validator's alone.
public enum JSONSchemaGenerator {
    /// The schema for one kind of packet, or (`nil`) for any packet.
    public static func schema(for kind: PacketKind? = nil) -> JSONValue {
        var defs: [String: JSONValue] = [:]
        for (name, shape) in WireCatalogue.objects { defs[name] = object(shape) }
        for (type, shape) in Component.shapes { defs["component." + type] = object(shape) }
        defs["component"] = .object([
            "description": "A component; its type selects the definition.",
            "type": "object",
            "required": ["type"],
            "properties": ["type": .object(["enum": .array(Component.types.map(JSONValue.string))])],
            "oneOf": .array(Component.types.map { .object(["$ref": .string("#/$defs/component.\($0)")]) }),
        ])
        var root: [String: JSONValue] = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://xpedite.software/schema/xpedite.json",
            "$defs": .object(defs),
        ]
        switch kind {
        case let kind?:
            root["title"] = .string("Xpedite \(kind.rawValue) packet (new dialect)")
            root["$ref"] = .string("#/$defs/\(kind.shape.name)")
        case nil:
            root["title"] = "Xpedite packet (new dialect)"
            root["anyOf"] = .array(PacketKind.allCases.map { .object(["$ref": .string("#/$defs/\($0.shape.name)")]) })
        }
        return .object(root)
    }

    static func object(_ shape: ObjectShape) -> JSONValue {
        var properties: [String: JSONValue] = [:]
        for property in shape.properties {
            var schema = self.schema(property.shape)
            if case .object(var members) = schema, !property.summary.isEmpty {
                members["description"] = .string(property.summary)
                schema = .object(members)
            }
            properties[property.key] = schema
        }
        let required = shape.properties.filter(\.isRequired).map { JSONValue.string($0.key) }
        var members: [String: JSONValue] = [
            "type": "object",
            "description": .string(shape.summary),
            "properties": .object(properties),
        ]
        if !required.isEmpty { members["required"] = .array(required) }
        return .object(members)
    }

    static func schema(_ shape: Shape) -> JSONValue {
        switch shape {
        case .string: return ["type": "string"]
        case .number: return ["type": "number"]
        case .boundedNumber(let minimum, let maximum, let exclusive):
            var members: [String: JSONValue] = ["type": "number"]
            if let minimum { members[exclusive ? "exclusiveMinimum" : "minimum"] = .number(minimum) }
            if let maximum { members["maximum"] = .number(maximum) }
            return .object(members)
        case .integer: return ["type": "integer"]
        case .boundedInteger(let minimum): return ["type": "integer", "minimum": .number(Double(minimum))]
        case .boolean: return ["type": "boolean"]
        case .nullValue: return ["type": "null"]
        case .oneOf(let values):
            return values.count == 1 ? ["const": .string(values[0])] : ["enum": .array(values.map(JSONValue.string))]
        case .colour: return ["type": "string", "pattern": "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"]
        case .date: return ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"]
        case .bounds:
            return ["type": "string",
                    "pattern": "^\\(?\\s*(-?\\d+(?:\\.\\d+)?)\\s*,\\s*(-?\\d+(?:\\.\\d+)?)\\s*,\\s*(\\d+(?:\\.\\d+)?)\\s*,\\s*(\\d+(?:\\.\\d+)?)\\s*\\)?$"]
        case .array(let element): return ["type": "array", "items": schema(element)]
        case .map(let element):
            if case .any = element { return ["type": "object"] }
            return ["type": "object", "additionalProperties": schema(element)]
        case .object(let name): return ["$ref": .string("#/$defs/\(name)")]
        case .component: return ["$ref": "#/$defs/component"]
        case .anyOf(let alternatives): return ["anyOf": .array(alternatives.map(schema))]
        case .any: return [:]
        }
    }
}
