import Foundation

// The unkeyed and single-value containers of `JSONValueEncoder`'s tree encoder.

struct UnkeyedTreeContainer: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    let node: EncodingNode
    let codingPath: [any CodingKey]

    var count: Int { node.arrayCount }

    private var nextKey: TreeCodingKey { TreeCodingKey(intValue: count) }

    private func append(_ value: JSONValue) { node.append(.value(value)) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(try encoder.finite(value, at: codingPath + [nextKey])) }
    mutating func encode(_ value: Float) throws { append(try encoder.float(value, at: codingPath + [nextKey])) }
    mutating func encode(_ value: Int) throws { append(try encoder.exact(value, at: codingPath + [nextKey])) }
    mutating func encode(_ value: Int8) throws { append(.number(Double(value))) }
    mutating func encode(_ value: Int16) throws { append(.number(Double(value))) }
    mutating func encode(_ value: Int32) throws { append(.number(Double(value))) }
    mutating func encode(_ value: Int64) throws { append(try encoder.exact(value, at: codingPath + [nextKey])) }
    mutating func encode(_ value: UInt) throws { append(try encoder.exact(value, at: codingPath + [nextKey])) }
    mutating func encode(_ value: UInt8) throws { append(.number(Double(value))) }
    mutating func encode(_ value: UInt16) throws { append(.number(Double(value))) }
    mutating func encode(_ value: UInt32) throws { append(.number(Double(value))) }
    mutating func encode(_ value: UInt64) throws { append(try encoder.exact(value, at: codingPath + [nextKey])) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.append(try encoder.boxSlot(value, at: codingPath + [nextKey]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        let child = EncodingNode()
        child.makeObject()
        node.append(.node(child))
        return KeyedEncodingContainer(KeyedTreeContainer<NestedKey>(encoder: encoder, node: child,
                                                                    codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        let child = EncodingNode()
        child.makeArray()
        node.append(.node(child))
        return UnkeyedTreeContainer(encoder: encoder, node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        let child = EncodingNode()
        node.append(.node(child))
        return TreeEncoder(options: encoder.options, codingPath: codingPath + [key], node: child)
    }
}

struct SingleTreeContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: JSONValue) { encoder.node.content = .single(value) }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(try encoder.finite(value, at: codingPath)) }
    mutating func encode(_ value: Float) throws { set(try encoder.float(value, at: codingPath)) }
    mutating func encode(_ value: Int) throws { set(try encoder.exact(value, at: codingPath)) }
    mutating func encode(_ value: Int8) throws { set(.number(Double(value))) }
    mutating func encode(_ value: Int16) throws { set(.number(Double(value))) }
    mutating func encode(_ value: Int32) throws { set(.number(Double(value))) }
    mutating func encode(_ value: Int64) throws { set(try encoder.exact(value, at: codingPath)) }
    mutating func encode(_ value: UInt) throws { set(try encoder.exact(value, at: codingPath)) }
    mutating func encode(_ value: UInt8) throws { set(.number(Double(value))) }
    mutating func encode(_ value: UInt16) throws { set(.number(Double(value))) }
    mutating func encode(_ value: UInt32) throws { set(.number(Double(value))) }
    mutating func encode(_ value: UInt64) throws { set(try encoder.exact(value, at: codingPath)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        set(try encoder.boxSlot(value, at: codingPath).resolved)
    }
}
