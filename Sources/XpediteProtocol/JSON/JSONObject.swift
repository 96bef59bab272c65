/// The members of a JSON object, in the order they were added.
///
/// Protocol objects are small (a component has a handful of keys), so members live in one array,
/// each with its key interned as a `WireKey`, and a member is found by comparing those small
/// integers; keys the protocol does not define are compared as strings. Equality and hashing
/// ignore the order of members, as JSON does.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One member, as iteration yields it.
    public typealias Element = (key: String, value: JSONValue)

    /// One stored member.
    struct Member: Sendable {
        var key: String
        var wireKey: WireKey
        var value: JSONValue
    }

    /// What is known about the members beyond their values: whether they are in canonical order,
    /// and their canonical JSON when it was written once and kept (``preEncoded()``).
    enum Form: Sendable {
        /// The order is unknown.
        case unordered
        /// The members are in canonical order (``CanonicalJSON``'s key order).
        case canonical
        /// The members are in canonical order, and these are their compact canonical JSON bytes.
        case encoded([UInt8])
    }

    private var members: [Member]
    /// Kept up to date as members are added and changed (any change drops kept bytes). Not part
    /// of equality.
    private(set) var form: Form

    /// Whether the members are known to be in canonical order, so writing the object needs no sort.
    var isCanonicallyOrdered: Bool {
        if case .unordered = form { return false }
        return true
    }

    /// An empty object.
    public init() {
        members = []
        form = .canonical
    }

    /// The members of a dictionary (in the dictionary's order).
    public init(_ dictionary: [String: JSONValue]) {
        members = dictionary.map { Member(key: $0.key, wireKey: WireKey(name: $0.key), value: $0.value) }
        form = .unordered
    }

    /// Creates a value from a literal.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init()
        members.reserveCapacity(elements.count)
        for (key, value) in elements { self[key] = value }
    }

    /// Creates an object from members whose keys are distinct and already interned.
    init(uniqueMembers: [Member], canonicallyOrdered: Bool = false) {
        members = uniqueMembers
        form = canonicallyOrdered ? .canonical : .unordered
    }

    /// The object with its compact canonical JSON written once and kept beside the members:
    /// writing it again (``CanonicalJSON/data(_:pretty:)`` and the server's answers) copies those
    /// bytes instead of walking the members. For objects sent many times as they are, such as the
    /// cached rows of a table (the server SDK's `TablePage.record(encoding:)` makes such records). Changing a member drops the kept bytes,
    /// so they always match the members; equality and hashing ignore them.
    public func preEncoded() -> JSONObject {
        if case .encoded = form { return self }
        var copy = canonicallyOrdered
        var writer = CanonicalJSONWriter(pretty: false, capacity: 16 * Swift.max(members.count, 4))
        writer.write(.object(copy))
        copy.form = .encoded(writer.withWritten { Array($0) })
        return copy
    }

    /// Calls `body` with the kept canonical JSON, if the object keeps it; returns whether it did.
    @inline(__always)
    func withEncodedBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard case .encoded(let bytes) = form else { return false }
        bytes.withUnsafeBufferPointer(body)
        return true
    }

    /// Whether the object keeps its canonical JSON (``preEncoded()``).
    public var isPreEncoded: Bool {
        if case .encoded = form { return true }
        return false
    }

    /// The number of members.
    public var count: Int { members.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The keys, in member order.
    public var keys: [String] { members.map(\.key) }

    /// The members as a dictionary.
    public var dictionary: [String: JSONValue] {
        Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// The value of a member; setting `nil` removes it.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set { set(newValue, at: position(of: key), key: key, wireKey: WireKey(name: key)) }
    }

    /// The value of a member defined by the protocol; setting `nil` removes it.
    subscript(key: WireKey) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set { set(newValue, at: position(of: key), key: key.name, wireKey: key) }
    }

    /// Whether the object has a member defined by the protocol.
    func has(_ key: WireKey) -> Bool { position(of: key) != nil }

    /// The stored members, in order.
    var storedMembers: [Member] { members }

    /// The members with their interned keys.
    var interned: Interned { Interned(members: members) }

    /// The members of an object with their interned keys.
    struct Interned: Sequence {
        fileprivate let members: [Member]

        struct Iterator: IteratorProtocol {
            fileprivate let members: [Member]
            fileprivate var position = 0

            mutating func next() -> (WireKey, Element)? {
                guard position < members.count else { return nil }
                defer { position += 1 }
                let member = members[position]
                return (member.wireKey, (member.key, member.value))
            }
        }

        func makeIterator() -> Iterator { Iterator(members: members) }
    }

    /// Whether `other` shares this object's storage, so neither has been changed since one was
    /// copied from the other. A rewrite that changed nothing can then leave the tree alone instead
    /// of writing the same value back (which would copy every shared level above it).
    func isIdentical(to other: JSONObject) -> Bool {
        members.count == other.members.count
            && members.withUnsafeBufferPointer { mine in
                other.members.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
            }
    }

    /// The object with each value transformed.
    public func mapValues(_ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        var copy = self
        copy.dropEncoded()
        for position in copy.members.indices {
            copy.members[position].value = try transform(copy.members[position].value)
        }
        return copy
    }

    /// Iterates the members as `(key, value)` pairs.
    public struct Iterator: IteratorProtocol {
        private let members: [Member]
        private var position = 0

        fileprivate init(_ members: [Member]) { self.members = members }

        /// The next member, or `nil` after the last.
        public mutating func next() -> Element? {
            guard position < members.count else { return nil }
            defer { position += 1 }
            return (members[position].key, members[position].value)
        }
    }

    /// Iterates the members in order.
    public func makeIterator() -> Iterator { Iterator(members) }

    /// Forgets kept bytes before a change; the order stays as it was.
    private mutating func dropEncoded() {
        if case .encoded = form { form = .canonical }
    }

    private mutating func set(_ newValue: JSONValue?, at position: Int?, key: String, wireKey: WireKey) {
        dropEncoded()
        if let position {
            if let newValue {
                members[position].value = newValue
            } else {
                members.remove(at: position)
            }
        } else if let newValue {
            let member = Member(key: key, wireKey: wireKey, value: newValue)
            if isCanonicallyOrdered, let last = members.last, !JSONObject.precedes(last, member) {
                form = .unordered
            }
            members.append(member)
        }
    }

    private func position(of key: WireKey) -> Int? {
        guard key != .unknown else { return nil }
        return members.withUnsafeBufferPointer { buffer in
            for position in buffer.indices where buffer[position].wireKey == key { return position }
            return nil
        }
    }

    private func position(of key: String) -> Int? {
        let wireKey = WireKey(name: key)
        if wireKey != .unknown { return position(of: wireKey) }
        return members.withUnsafeBufferPointer { buffer in
            for position in buffer.indices where buffer[position].wireKey == .unknown && buffer[position].key == key {
                return position
            }
            return nil
        }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for member in lhs.members where rhs[member.key] != member.value { return false }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: a commutative sum of each member's own hash.
        var sum = 0
        for member in members {
            var one = Hasher()
            one.combine(member.key)
            one.combine(member.value)
            sum &+= one.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(sum)
    }
}

extension JSONObject: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(try [String: JSONValue](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try dictionary.encode(to: encoder)
    }
}

extension JSONValue {
    /// An object from a dictionary.
    public static func object(_ dictionary: [String: JSONValue]) -> JSONValue {
        .object(JSONObject(dictionary))
    }

    /// The member `key` of an object, or `nil` for a missing key or a non-object.
    subscript(key: WireKey) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}
