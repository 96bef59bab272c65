import Foundation

/// A JSON value as it arrived on the wire: the lenient tree every packet is decoded into first
/// (docs/protocol/versions.md#php-and-other-loose-encoders).
///
/// The protocol is full of polymorphic entries (`rc` as integer or string, `method` as string or
/// dict, `options` as dict or array), so packets are read into this tree, rewritten into the new
/// dialect by `DialectNormalizer`, checked by ``PacketValidator`` and only then turned into the
/// typed wire model.
///
/// Numbers are kept as `Double`; integral values up to 2^53 are encoded without a fraction, so
/// `0` stays `0` and `1744531200` stays exact.
public enum JSONValue: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, integral or not.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in the order they were read.
    case object(JSONObject)
}

extension JSONValue {
    /// The string, if this is a JSON string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, if this is a JSON number.
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number as an `Int`, if this is a JSON number with no fractional part that fits.
    public var intValue: Int? {
        guard case .number(let value) = self, value.rounded() == value,
              value >= -9_007_199_254_740_992, value <= 9_007_199_254_740_992 else { return nil }
        return Int(value)
    }

    /// The boolean, if this is a JSON boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, if this is a JSON array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, if this is a JSON object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this is JSON `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member `key` of an object, or `nil` for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// A short description of the value's kind and content for error messages:
    /// `"wide"`, `42`, `true`, `null`, `an array`, `an object`.
    public var summary: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return JSONValue.format(number: value)
        case .string(let value):
            let shown = value.count > 40 ? String(value.prefix(37)) + "..." : value
            return "\"\(shown)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The name of the value's JSON type, e.g. `string` or `object`.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// Formats a number as canonical JSON prints it: integral values without a fraction.
    public static func format(number: Double) -> String {
        if number.rounded() == number, abs(number) <= 9_007_199_254_740_992 {
            return String(Int64(number))
        }
        return String(number)
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// Creates a value from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates a value from a literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// Creates a value from a literal.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// Creates a value from a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Creates a value from a literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Creates a value from a literal.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object = JSONObject()
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
    /// Creates a value from a literal.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        // Decodable offers no way to ask a value's kind, so the kinds are probed in turn; a failed
        // probe is expected, not an error, and the last probe throws the decoder's own error.
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode(JSONObject.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value) where !value.isFinite:
            // JSON has no NaN or infinity; a tree built in code that holds one encodes as null.
            try container.encodeNil()
        case .number(let value):
            if value.rounded() == value, abs(value) <= 9_007_199_254_740_992 {
                try container.encode(Int64(value))
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
