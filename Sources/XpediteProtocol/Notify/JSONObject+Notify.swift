import Foundation

/// Reading the members of a notification object by name: the payload's keys (docs/notify.md)
/// are not interned ``WireKey``s. Like ``ObjectReader``, a member of the wrong type reads as `nil`;
/// the validator has reported it with its path.
extension JSONObject {
    func string(_ key: String) -> String? { self[key]?.stringValue }

    func number(_ key: String) -> Double? { self[key]?.numberValue }

    func int(_ key: String) -> Int? { self[key]?.intValue }

    func bool(_ key: String) -> Bool? { self[key]?.boolValue }

    func colour(_ key: String) -> Colour? { self[key]?.stringValue.flatMap(Colour.init(hex:)) }

    func `enum`<T: RawRepresentable>(_ key: String, as type: T.Type = T.self) -> T? where T.RawValue == String {
        self[key]?.stringValue.flatMap(T.init(rawValue:))
    }

    /// A font size: a number, or a string holding one (`"18"`, docs/notify.md).
    func fontSize(_ key: String) -> Double? {
        switch self[key] {
        case .number(let size)?: size
        case .string(let text)?: FontSize.parse(text)
        default: nil
        }
    }
}

/// Writing notification objects member by member by name, leaving out absent values.
extension ObjectWriter {
    mutating func set(name: String, _ value: String?) {
        if let value { set(name: name, JSONValue.string(value)) }
    }

    mutating func set(name: String, _ value: Double?) {
        if let value { set(name: name, JSONValue.number(value)) }
    }

    mutating func set(name: String, _ value: Int?) {
        if let value { set(name: name, JSONValue.number(Double(value))) }
    }

    mutating func set(name: String, _ value: Bool?) {
        if let value { set(name: name, JSONValue.bool(value)) }
    }

    mutating func set(name: String, _ value: Colour?) {
        if let value { set(name: name, JSONValue.string(value.hex)) }
    }

    mutating func set(name: String, _ value: JSONValue?) {
        if let value { set(name: name, value) }
    }

    mutating func set<T: RawRepresentable>(name: String, _ value: T?) where T.RawValue == String {
        if let value { set(name: name, JSONValue.string(value.rawValue)) }
    }
}

/// Font sizes of labels and buttons in notification payloads: a positive number, or a string
/// holding one.
enum FontSize {
    /// The size in a numeric string, `nil` unless it is a positive finite number.
    static func parse(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        // Digits with at most one decimal point, as the schema's pattern says: no sign, no exponent.
        guard trimmed.utf8.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") }),
              trimmed.utf8.filter({ $0 == UInt8(ascii: ".") }).count <= 1,
              let size = Double(trimmed), size.isFinite, size > 0 else { return nil }
        return size
    }

    /// The shape of a font size: a positive number or a (numeric) string.
    static let shape: Shape = .anyOf([.boundedNumber(minimum: 0, maximum: nil, exclusiveMinimum: true), .string])
}

/// Values listed in messages: at most ten, then "…".
enum ValueList {
    static func text(_ values: [JSONValue]) -> String {
        let shown = values.prefix(10).map(\.summary).joined(separator: ", ")
        return values.count > 10 ? shown + ", …" : shown
    }
}
