import Foundation

/// Encodes `Encodable` values into a ``JSONValue`` tree directly, as `JSONEncoder` would encode
/// them into text, without the text: no bytes are written and none are parsed back.
///
/// ```swift
/// let tree = try JSONValueEncoder().encode(SignedInUser(name: "Ada", role: .admin))
/// // ["name": "Ada", "role": "admin"]
/// ```
///
/// Numbers are exact or refused: the tree keeps numbers as `Double`, so an integer beyond ±2^53
/// throws `EncodingError.invalidValue` instead of being silently rounded, as does a NaN or an
/// infinity. `Date`, `Data`, `URL` and `Decimal` are encoded as `JSONEncoder` encodes them by
/// default, so values written by either read back with the other.
public struct JSONValueEncoder: Sendable {
    /// How `Date` values are encoded.
    public enum DateEncodingStrategy: Sendable {
        /// `Date`'s own encoding: seconds since 2001-01-01 (`JSONEncoder`'s default).
        case deferredToDate
        /// Seconds since 1970-01-01, as a number.
        case secondsSince1970
        /// Milliseconds since 1970-01-01, as a number.
        case millisecondsSince1970
        /// An ISO 8601 string such as `2026-11-22T17:00:00Z`.
        case iso8601
    }

    /// How `Data` values are encoded.
    public enum DataEncodingStrategy: Sendable {
        /// A Base64 string (`JSONEncoder`'s default).
        case base64
        /// `Data`'s own encoding: an array of byte values.
        case deferredToData
    }

    /// How `Date` values are encoded; `.deferredToDate` by default.
    public var dateEncodingStrategy: DateEncodingStrategy
    /// How `Data` values are encoded; `.base64` by default.
    public var dataEncodingStrategy: DataEncodingStrategy

    /// Creates an encoder.
    public init(dateEncodingStrategy: DateEncodingStrategy = .deferredToDate,
                dataEncodingStrategy: DataEncodingStrategy = .base64) {
        self.dateEncodingStrategy = dateEncodingStrategy
        self.dataEncodingStrategy = dataEncodingStrategy
    }

    /// Encodes a value into a tree.
    ///
    /// - Throws: `EncodingError.invalidValue` (with the coding path) for a number the tree cannot
    ///   hold exactly, or a value that encodes nothing.
    public func encode<Value: Encodable>(_ value: Value) throws -> JSONValue {
        try TreeEncoder(options: self, codingPath: []).box(value)
    }
}

// MARK: - Encoding machinery

/// A value being built: containers are references so that nested containers and super encoders
/// handed out earlier can still fill them in; ``resolved`` turns the finished node into a tree.
final class EncodingNode {
    enum Slot {
        case value(JSONValue)
        case node(EncodingNode)

        var resolved: JSONValue {
            switch self {
            case .value(let value): value
            case .node(let node): node.resolved
            }
        }
    }

    enum Content {
        case empty
        case single(JSONValue)
        case array([Slot])
        case object([(key: String, slot: Slot)])
    }

    var content: Content = .empty
    /// Member positions by key, built once an object is large enough (a big dictionary) that a
    /// linear search for a repeated key would cost more than the index.
    private var positions: [String: Int]?

    var resolved: JSONValue {
        switch content {
        case .empty: return .object(JSONObject())
        case .single(let value): return value
        case .array(let slots): return .array(slots.map(\.resolved))
        case .object(let members):
            // The node's keys are already distinct (``set(_:for:)`` replaces a repeated key).
            let object = JSONObject(uniqueMembers: members.map {
                JSONObject.Member(key: $0.key, wireKey: WireKey(name: $0.key), value: $0.slot.resolved)
            })
            // Members in canonical order, so that writing the tree (often many times, for a
            // cached table row) finds them sorted; JSON objects have no order of their own.
            return .object(object.canonicallyOrdered)
        }
    }

    /// Makes this node an object (keeping members already set) and sets a member.
    func set(_ slot: Slot, for key: String) {
        guard case .object(var members) = content else {
            content = .object([(key, slot)])
            return
        }
        content = .empty  // drop the reference so the array is mutated in place
        if members.count >= 16, positions == nil {
            positions = Dictionary(members.indices.map { (members[$0].key, $0) }, uniquingKeysWith: { $1 })
        }
        let existing = positions.map { $0[key] } ?? members.firstIndex { $0.key == key }
        if let existing {
            members[existing].slot = slot
        } else {
            positions?[key] = members.count
            members.append((key, slot))
        }
        content = .object(members)
    }

    func append(_ slot: Slot) {
        guard case .array(var slots) = content else {
            content = .array([slot])
            return
        }
        content = .empty
        slots.append(slot)
        content = .array(slots)
    }

    var arrayCount: Int {
        if case .array(let slots) = content { return slots.count }
        return 0
    }

    func makeObject() {
        if case .object = content { return }
        content = .object([])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }
}

/// The `Encoder` handed to `encode(to:)`.
struct TreeEncoder: Encoder {
    let options: JSONValueEncoder
    let node: EncodingNode
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(options: JSONValueEncoder, codingPath: [any CodingKey], node: EncodingNode = EncodingNode()) {
        self.options = options
        self.codingPath = codingPath
        self.node = node
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedTreeContainer<Key>(encoder: self, node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedTreeContainer(encoder: self, node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleTreeContainer(encoder: self)
    }

    /// Encodes a value at this encoder's coding path into a tree.
    func box<Value: Encodable>(_ value: Value) throws -> JSONValue {
        try boxSlot(value, at: codingPath).resolved
    }

    /// Encodes a value at `path`: scalars and the special Foundation types straight to a value,
    /// anything else through its own `encode(to:)` into a new node.
    func boxSlot<Value: Encodable>(_ value: Value, at path: [any CodingKey]) throws -> EncodingNode.Slot {
        switch value {
        case let string as String: return .value(.string(string))
        case let flag as Bool: return .value(.bool(flag))
        case let number as Int: return .value(try exact(number, at: path))
        case let number as Double: return .value(try finite(number, at: path))
        case let number as Float: return .value(try float(number, at: path))
        case let date as Date: return try boxDate(date, at: path)
        case let data as Data: return try boxData(data, at: path)
        case let url as URL: return .value(.string(url.absoluteString))
        case let decimal as Decimal: return .value(try finite(NSDecimalNumber(decimal: decimal).doubleValue, at: path))
        case let tree as JSONValue: return .value(tree)
        case let object as JSONObject: return .value(.object(object))
        default:
            let node = EncodingNode()
            try value.encode(to: TreeEncoder(options: options, codingPath: path, node: node))
            if case .single(let scalar) = node.content { return .value(scalar) }
            return .node(node)
        }
    }

    private func boxDate(_ date: Date, at path: [any CodingKey]) throws -> EncodingNode.Slot {
        switch options.dateEncodingStrategy {
        case .deferredToDate:
            let node = EncodingNode()
            try date.encode(to: TreeEncoder(options: options, codingPath: path, node: node))
            return .node(node)
        case .secondsSince1970:
            return .value(try finite(date.timeIntervalSince1970, at: path))
        case .millisecondsSince1970:
            return .value(try finite(date.timeIntervalSince1970 * 1000, at: path))
        case .iso8601:
            return .value(.string(date.formatted(.iso8601)))
        }
    }

    private func boxData(_ data: Data, at path: [any CodingKey]) throws -> EncodingNode.Slot {
        switch options.dataEncodingStrategy {
        case .base64:
            return .value(.string(data.base64EncodedString()))
        case .deferredToData:
            let node = EncodingNode()
            try data.encode(to: TreeEncoder(options: options, codingPath: path, node: node))
            return .node(node)
        }
    }

    func exact<Integer: BinaryInteger>(_ value: Integer, at path: [any CodingKey]) throws -> JSONValue {
        guard value >= -9_007_199_254_740_992, value <= 9_007_199_254_740_992 else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path,
                debugDescription: "\(value) is beyond ±2^53 and cannot be held exactly in a JSON number"))
        }
        return .number(Double(value))
    }

    func finite(_ value: Double, at path: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path, debugDescription: "\(value) is not a valid JSON number"))
        }
        return .number(value)
    }

    func float(_ value: Float, at path: [any CodingKey]) throws -> JSONValue {
        // Through the shortest decimal text, as JSONEncoder writes it: Float 0.1 stays 0.1.
        guard value.isFinite, let double = Double(value.description) else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path, debugDescription: "\(value) is not a valid JSON number"))
        }
        return .number(double)
    }
}

/// A key that is only a string or an index, for coding paths and super encoders.
struct TreeCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    static let `super` = TreeCodingKey(stringValue: "super")
}

struct KeyedTreeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    let node: EncodingNode
    let codingPath: [any CodingKey]

    private func set(_ value: JSONValue, for key: Key) {
        node.set(.value(value), for: key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try encoder.finite(value, at: codingPath + [key]), for: key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try encoder.float(value, at: codingPath + [key]), for: key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(try encoder.exact(value, at: codingPath + [key]), for: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.number(Double(value)), for: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.number(Double(value)), for: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.number(Double(value)), for: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        set(try encoder.exact(value, at: codingPath + [key]), for: key)
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        set(try encoder.exact(value, at: codingPath + [key]), for: key)
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.number(Double(value)), for: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.number(Double(value)), for: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.number(Double(value)), for: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        set(try encoder.exact(value, at: codingPath + [key]), for: key)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.set(try encoder.boxSlot(value, at: codingPath + [key]), for: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodingNode()
        child.makeObject()
        node.set(.node(child), for: key.stringValue)
        return KeyedEncodingContainer(KeyedTreeContainer<NestedKey>(encoder: encoder, node: child,
                                                                    codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = EncodingNode()
        child.makeArray()
        node.set(.node(child), for: key.stringValue)
        return UnkeyedTreeContainer(encoder: encoder, node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(key: TreeCodingKey.super)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(key: key)
    }

    private func superEncoder(key: any CodingKey) -> any Encoder {
        let child = EncodingNode()
        node.set(.node(child), for: key.stringValue)
        return TreeEncoder(options: encoder.options, codingPath: codingPath + [key], node: child)
    }
}
