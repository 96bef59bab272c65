import Foundation

/// Decodes `Decodable` values from a ``JSONValue`` tree directly, as `JSONDecoder` would decode
/// them from text, without writing the tree out and parsing it again.
///
/// ```swift
/// let user = try JSONValueDecoder().decode(SignedInUser.self, from: tree)
/// ```
///
/// Numbers are exact: an integer type accepts only an integral number that fits it (`1.5` or
/// `300` for a `UInt8` is a `DecodingError.dataCorrupted`), and a `Bool` only `true` or `false`,
/// never `0` or `1`. Every error carries the coding path of the value that failed. `Date`,
/// `Data`, `URL` and `Decimal` are read as `JSONDecoder` reads them by default.
public struct JSONValueDecoder: Sendable {
    /// How `Date` values are decoded.
    public enum DateDecodingStrategy: Sendable {
        /// `Date`'s own decoding: seconds since 2001-01-01 (`JSONDecoder`'s default).
        case deferredToDate
        /// Seconds since 1970-01-01, as a number.
        case secondsSince1970
        /// Milliseconds since 1970-01-01, as a number.
        case millisecondsSince1970
        /// An ISO 8601 string such as `2026-11-22T17:00:00Z`.
        case iso8601
    }

    /// How `Data` values are decoded.
    public enum DataDecodingStrategy: Sendable {
        /// A Base64 string (`JSONDecoder`'s default).
        case base64
        /// `Data`'s own decoding: an array of byte values.
        case deferredToData
    }

    /// How `Date` values are decoded; `.deferredToDate` by default.
    public var dateDecodingStrategy: DateDecodingStrategy
    /// How `Data` values are decoded; `.base64` by default.
    public var dataDecodingStrategy: DataDecodingStrategy

    /// Creates a decoder.
    public init(dateDecodingStrategy: DateDecodingStrategy = .deferredToDate,
                dataDecodingStrategy: DataDecodingStrategy = .base64) {
        self.dateDecodingStrategy = dateDecodingStrategy
        self.dataDecodingStrategy = dataDecodingStrategy
    }

    /// Decodes a value from a tree.
    ///
    /// - Throws: `DecodingError` with the coding path of the value that does not fit.
    public func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue) throws -> Value {
        try TreeDecoder(options: self, value: value, codingPath: []).unbox(type)
    }
}

// MARK: - Decoding machinery

/// The `Decoder` handed to `init(from:)`: one value and where it is.
private struct TreeDecoder: Decoder {
    let options: JSONValueDecoder
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else {
            throw mismatch([String: JSONValue].self, value, at: codingPath)
        }
        return KeyedDecodingContainer(KeyedTreeDecodingContainer<Key>(decoder: self, object: object))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw mismatch([JSONValue].self, value, at: codingPath)
        }
        return UnkeyedTreeDecodingContainer(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleTreeDecodingContainer(decoder: self)
    }

    /// A decoder for a value inside this one.
    func child(_ value: JSONValue, key: any CodingKey) -> TreeDecoder {
        TreeDecoder(options: options, value: value, codingPath: codingPath + [key])
    }

    func unbox<Value: Decodable>(_ type: Value.Type) throws -> Value {
        // The scalar types and the Foundation types JSONDecoder treats specially are read directly.
        if type == String.self, let result = try decodeString() as? Value { return result }
        if type == Bool.self, let result = try decodeBool() as? Value { return result }
        if type == Int.self, let result = try integer(Int.self) as? Value { return result }
        if type == Double.self, let result = try decodeDouble() as? Value { return result }
        if type == JSONValue.self, let result = value as? Value { return result }
        if type == Date.self, let result = try decodeDate() as? Value { return result }
        if type == Data.self, let result = try decodeData() as? Value { return result }
        if type == URL.self, let result = try decodeURL() as? Value { return result }
        if type == Decimal.self, let result = try decodeDecimal() as? Value { return result }
        return try Value(from: self)
    }

    // MARK: Scalars

    func decodeString() throws -> String {
        guard case .string(let string) = value else { throw mismatch(String.self, value, at: codingPath) }
        return string
    }

    func decodeBool() throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(Bool.self, value, at: codingPath) }
        return flag
    }

    func decodeDouble() throws -> Double {
        guard case .number(let number) = value else { throw mismatch(Double.self, value, at: codingPath) }
        return number
    }

    func decodeFloat() throws -> Float {
        let number = try decodeDouble()
        let float = Float(number)
        guard float.isFinite || !number.isFinite else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath, debugDescription: "\(number) does not fit in Float"))
        }
        return float
    }

    func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        let number = try decodeDouble()
        guard let exact = Integer(exactly: number) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath, debugDescription: "\(JSONValue.format(number: number)) does not fit in \(Integer.self)"))
        }
        return exact
    }

    private func decodeDate() throws -> Date {
        switch options.dateDecodingStrategy {
        case .deferredToDate:
            return try Date(from: self)
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try decodeDouble())
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try decodeDouble() / 1000)
        case .iso8601:
            let text = try decodeString()
            do {
                return try Date(text, strategy: .iso8601)
            } catch {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: codingPath, debugDescription: "\"\(text)\" is not an ISO 8601 date", underlyingError: error))
            }
        }
    }

    private func decodeData() throws -> Data {
        switch options.dataDecodingStrategy {
        case .deferredToData:
            return try Data(from: self)
        case .base64:
            let text = try decodeString()
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: codingPath, debugDescription: "the string is not valid Base64"))
            }
            return data
        }
    }

    private func decodeURL() throws -> URL {
        let text = try decodeString()
        guard let url = URL(string: text) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath, debugDescription: "\"\(text)\" is not a valid URL"))
        }
        return url
    }

    private func decodeDecimal() throws -> Decimal {
        Decimal(try decodeDouble())
    }
}

/// A `typeMismatch` naming what was found.
private func mismatch(_ expected: Any.Type, _ found: JSONValue, at path: [any CodingKey]) -> DecodingError {
    let description = found.isNull
        ? "expected \(expected), found null"
        : "expected \(expected), found \(found.typeName) \(found.summary)"
    return found.isNull
        ? DecodingError.valueNotFound(expected, DecodingError.Context(codingPath: path, debugDescription: description))
        : DecodingError.typeMismatch(expected, DecodingError.Context(codingPath: path, debugDescription: description))
}

private struct KeyedTreeDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TreeDecoder
    let object: JSONObject
    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] { object.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValue {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: "no value for the key \"\(key.stringValue)\""))
        }
        return value
    }

    private func child(_ key: Key) throws -> TreeDecoder {
        decoder.child(try member(key), key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).isNull }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decodeBool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decodeString() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decodeDouble() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decodeFloat() }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).integer(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).integer(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).integer(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).integer(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).integer(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).integer(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).integer(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).integer(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).integer(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).integer(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).unbox(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        decoder.child(object["super"] ?? .null, key: TreeCodingKey.super)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(object[key.stringValue] ?? .null, key: key)
    }
}

private struct UnkeyedTreeDecodingContainer: UnkeyedDecodingContainer {
    let decoder: TreeDecoder
    let elements: [JSONValue]
    private(set) var currentIndex = 0

    init(decoder: TreeDecoder, elements: [JSONValue]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The decoder of the next element; advances past it.
    private mutating func next(_ type: Any.Type) throws -> TreeDecoder {
        let key = TreeCodingKey(intValue: currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath + [key], debugDescription: "the array has no more elements"))
        }
        defer { currentIndex += 1 }
        return decoder.child(elements[currentIndex], key: key)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(JSONValue.self, DecodingError.Context(
                codingPath: codingPath + [TreeCodingKey(intValue: currentIndex)],
                debugDescription: "the array has no more elements"))
        }
        // Only a null is consumed, as JSONDecoder does.
        guard elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).decodeBool() }
    mutating func decode(_ type: String.Type) throws -> String { try next(type).decodeString() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type).decodeDouble() }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type).decodeFloat() }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type).integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).integer(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).unbox(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(type).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next([JSONValue].self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try next(JSONValue.self)
    }
}

private struct SingleTreeDecodingContainer: SingleValueDecodingContainer {
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeBool() }
    func decode(_ type: String.Type) throws -> String { try decoder.decodeString() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decodeDouble() }
    func decode(_ type: Float.Type) throws -> Float { try decoder.decodeFloat() }
    func decode(_ type: Int.Type) throws -> Int { try decoder.integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.unbox(type) }
}
