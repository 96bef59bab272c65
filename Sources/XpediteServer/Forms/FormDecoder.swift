import Foundation

/// Maps captured form values (JSON strings, docs/protocol/values.md#input-values) onto an app's
/// `Decodable` type.
///
/// | Swift type | accepted values |
/// |---|---|
/// | `String` | any string (numbers and booleans as their text) |
/// | `Bool` | `"1"`/`"0"` (checkbox), `"true"`/`"false"`, JSON `true`/`false`, `1`/`0` |
/// | integers, `Double`, `Float` | a decimal string (whitespace around it is ignored) or a JSON number |
/// | ``CalendarDay``, `Date` | `"yyyy-MM-dd"` (a `Date` is midnight UTC) |
/// | `String`-backed enums, `String` | select and radio option keys |
/// | `[String]` | an old-dialect multi-select array |
/// | `Optional` | a missing field, JSON `null` or `""` decode as `nil` |
///
/// Nested objects are not form data; asking for one throws ``FormError/Problem/unsupported``.
struct FormDecoder {
    let data: FormData
    let formID: String?

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try Value(from: FormRootDecoder(data: data, formID: formID))
    }
}

/// The decoder of the app's form type itself: a keyed container over the form's fields.
private struct FormRootDecoder: Decoder {
    let data: FormData
    let formID: String?

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(FormKeyedContainer<Key>(data: data, formID: formID))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw FormError(field: formID ?? "form", problem: .unsupported)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw FormError(field: formID ?? "form", problem: .unsupported)
    }
}

private struct FormKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let data: FormData
    let formID: String?

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { data.names(inForm: formID).sorted().compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool {
        data.value(of: key.stringValue, inForm: formID) != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        switch data.value(of: key.stringValue, inForm: formID) {
        case nil, .null?, .string("")?: true
        default: false
        }
    }

    private func field(_ key: Key) throws -> FieldDecoder {
        guard let value = data.value(of: key.stringValue, inForm: formID) else {
            throw FormError(field: key.stringValue, problem: .missing)
        }
        return FieldDecoder(name: key.stringValue, value: value, codingPath: [key])
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try field(key).bool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try field(key).string() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try field(key).floatingPoint() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try field(key).floatingPoint() }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try field(key).integer() }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try field(key).integer() }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try field(key).integer() }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try field(key).integer() }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try field(key).integer() }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try field(key).integer() }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try field(key).integer() }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try field(key).integer() }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try field(key).integer() }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try field(key).integer() }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try field(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw FormError(field: key.stringValue, problem: .unsupported)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try field(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        throw FormError(field: formID ?? "form", problem: .unsupported)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try field(key)
    }
}

/// The decoder of one field's value.
private struct FieldDecoder: Decoder, SingleValueDecodingContainer {
    let name: String
    let value: JSONValue
    let codingPath: [any CodingKey]

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw FormError(field: name, problem: .unsupported)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw FormError(field: name, problem: .invalid(expected: "a list of options"))
        }
        return FieldListContainer(name: name, elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Values

    private func invalid(_ expected: String) -> FormError {
        FormError(field: name, problem: .invalid(expected: expected))
    }

    /// The value as text: strings as they are, numbers and booleans as JSON prints them.
    private var text: String? {
        switch value {
        case .string(let text): text
        case .number(let number): JSONValue.format(number: number)
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }

    func string() throws -> String {
        guard let text else { throw invalid("text") }
        return text
    }

    func bool() throws -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .string("1"), .string("true"), .number(1): return true
        case .string("0"), .string("false"), .number(0): return false
        default: throw invalid("\"1\" or \"0\"")
        }
    }

    func integer<Integer: FixedWidthInteger>() throws -> Integer {
        guard let text, let integer = Integer(text.trimmingCharacters(in: .whitespaces)) else {
            throw invalid("a whole number")
        }
        return integer
    }

    func floatingPoint<Number: BinaryFloatingPoint & LosslessStringConvertible>() throws -> Number {
        guard let text, let number = Number(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
            throw invalid("a number")
        }
        return number
    }

    func day() throws -> CalendarDay {
        guard let text, let day = CalendarDay(text) else { throw invalid("a date (yyyy-MM-dd)") }
        return day
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let day = try special(type) { return day }
        do {
            return try T(from: self)
        } catch let error as FormError {
            throw error
        } catch is DecodingError {
            // A `String`-backed enum refusing a key, or a type that expects another shape.
            throw FormError(field: name, problem: .notAllowed)
        }
    }

    /// Types whose own `Decodable` conformance does not read the protocol's formats.
    private func special<T>(_ type: T.Type) throws -> T? {
        if T.self == CalendarDay.self { return try day() as? T }
        if T.self == Date.self {
            guard let date = try day().date() else { throw invalid("a date (yyyy-MM-dd)") }
            return date as? T
        }
        if T.self == Decimal.self {
            guard let text, let decimal = Decimal(string: text.trimmingCharacters(in: .whitespaces)) else {
                throw invalid("a number")
            }
            return decimal as? T
        }
        return nil
    }

    func decodeNil() -> Bool {
        switch value {
        case .null, .string(""): true
        default: false
        }
    }

    func decode(_ type: Bool.Type) throws -> Bool { try bool() }
    func decode(_ type: String.Type) throws -> String { try string() }
    func decode(_ type: Double.Type) throws -> Double { try floatingPoint() }
    func decode(_ type: Float.Type) throws -> Float { try floatingPoint() }
    func decode(_ type: Int.Type) throws -> Int { try integer() }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
}

/// The elements of an old-dialect multi-select value.
private struct FieldListContainer: UnkeyedDecodingContainer {
    let name: String
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(name: String, elements: [JSONValue], codingPath: [any CodingKey]) {
        self.name = name
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else { throw FormError(field: name, problem: .invalid(expected: "more options")) }
        let element = FieldDecoder(name: name, value: elements[currentIndex], codingPath: codingPath)
        currentIndex += 1
        return try element.decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw FormError(field: name, problem: .unsupported)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw FormError(field: name, problem: .unsupported)
    }

    mutating func superDecoder() throws -> any Decoder {
        throw FormError(field: name, problem: .unsupported)
    }
}
