/// Writes the JSON Schema (draft 2020-12) of notification payloads and response objects from
/// the same definitions the validator checks against (``NotifyCatalogue``), like
/// ``JSONSchemaGenerator`` does for screens.
///
/// Field types the model does not know are allowed (the app ignores them,
/// docs/notify.md#field-types), so a field is matched to its definition by `type` with `if`/`then`.
/// Rules that span keys (unique ids and button values, `default` among the values or within the
/// range, `minValue` < `maxValue`) are the validator's alone.
public enum NotifySchemaGenerator {
    /// What a schema describes.
    public enum Document: String, Sendable, CaseIterable {
        /// A payload (docs/notify.md#the-payload-model).
        case payload
        /// A response object (docs/notify.md#the-response-object).
        case response
    }

    /// The schema of a payload or a response object.
    public static func schema(for document: Document = .payload) -> JSONValue {
        var defs: [String: JSONValue] = [:]
        for (name, shape) in NotifyCatalogue.objects { defs[name] = JSONSchemaGenerator.object(shape) }
        defs["notify.field"] = .object([
            "description": "A field; its type selects the definition. Unknown types are ignored by the app.",
            "type": "object",
            "required": ["type"],
            "properties": ["type": ["type": "string"]],
            "allOf": .array(Field.types.map { type in
                .object([
                    "if": .object(["properties": .object(["type": .object(["const": .string(type)])])]),
                    "then": .object(["$ref": .string("#/$defs/notify.field.\(type)")]),
                ])
            }),
        ])
        defs["notify.location"] = .object([
            "description": .string(Location.shape.summary),
            "oneOf": [
                [
                    "type": "object",
                    "required": ["type", "coordinates"],
                    "properties": [
                        "type": ["const": "Point"],
                        "coordinates": [
                            "type": "array", "minItems": 2, "maxItems": 2,
                            "prefixItems": [["type": "number", "minimum": -180, "maximum": 180],
                                            ["type": "number", "minimum": -90, "maximum": 90]],
                        ],
                    ],
                    "not": ["anyOf": [["required": ["longitude"]], ["required": ["latitude"]]]],
                ],
                [
                    "type": "object",
                    "required": ["longitude", "latitude"],
                    "properties": [
                        "longitude": ["type": "number", "minimum": -180, "maximum": 180],
                        "latitude": ["type": "number", "minimum": -90, "maximum": 90],
                    ],
                    "not": ["anyOf": [["required": ["type"]], ["required": ["coordinates"]]]],
                ],
            ],
        ])
        refine(&defs, "notify.payload", "responseTopic", ["pattern": .string(Topic.pattern)])
        refine(&defs, "notify.payload", "fields", ["items": ["$ref": "#/$defs/notify.field"]])
        refine(&defs, "notify.payload", nil, ["anyOf": [["required": ["fields"]], ["required": ["payloadName"]]]])
        refine(&defs, "notify.response", "responseTopic", ["pattern": .string(Topic.pattern)])
        refine(&defs, "notify.field.datetime", "default", ["pattern": .string(ISODateTime.pattern)])
        refine(&defs, "notify.field.inlineButton", "buttonLabelSize", ["anyOf": fontSizeSchema])
        refine(&defs, "notify.payload", "payloadName", ["minLength": 1])
        for type in ["document", "image"] { refine(&defs, "notify.field.\(type)", "url", ["minLength": 1]) }
        for type in ["droplist", "radioButtons", "buttonCluster"] { refine(&defs, "notify.field.\(type)", "values", ["minItems": 1]) }
        for type in Field.types { refine(&defs, "notify.field.\(type)", "id", ["minLength": 1]) }
        for type in Field.types where NotifyCatalogue.objects["notify.field.\(type)"]?.property("size") != nil {
            refine(&defs, "notify.field.\(type)", "size", ["anyOf": fontSizeSchema])
        }
        let name = document == .payload ? "notify.payload" : "notify.response"
        return .object([
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": .string("https://xpedite.software/schema/notify-\(document.rawValue).json"),
            "title": .string(document == .payload ? "Xpedite notification payload" : "Xpedite notification response object"),
            "$defs": .object(defs),
            "$ref": .string("#/$defs/\(name)"),
        ])
    }

    /// A font size: a positive number or a numeric string.
    private static let fontSizeSchema: JSONValue = [
        ["type": "number", "exclusiveMinimum": 0],
        ["type": "string", "pattern": "^\\s*([0-9]+\\.?[0-9]*|\\.[0-9]+)\\s*$"],
    ]

    /// Adds members to a definition (`property` nil) or to one of its properties.
    private static func refine(_ defs: inout [String: JSONValue], _ name: String, _ property: String?,
                               _ extra: [String: JSONValue]) {
        guard case .object(var definition)? = defs[name] else { return }
        if let property {
            guard case .object(var properties)? = definition["properties"],
                  case .object(var schema)? = properties[property] else { return }
            if extra["anyOf"] != nil { schema["anyOf"] = nil }
            for (key, value) in extra { schema[key] = value }
            properties[property] = .object(schema)
            definition["properties"] = .object(properties)
        } else {
            for (key, value) in extra { definition[key] = value }
        }
        defs[name] = .object(definition)
    }
}
