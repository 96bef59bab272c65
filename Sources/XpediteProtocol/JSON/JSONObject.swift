/// The members of a JSON object, in the order they were added.
///
/// Protocol objects are small (a component has a handful of keys), so members live in an array
/// next to their interned ``WireKey``s, and a member is found by comparing those small integers;
/// objects that grow past ``indexThreshold`` members (large option lists, wide table rows) also
/// keep a hash index for keys the protocol does not define. Equality and hashing ignore the
/// order of members, as JSON does.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One member.
    public typealias Element = (key: String, value: JSONValue)

    private var members: [Element]
    private var wireKeys: [WireKey]
    private var index: [String: Int]?

    /// The member count past which lookups of undefined keys go through a hash index.
    static let indexThreshold = 16

    /// An empty object.
    public init() {
        members = []
        wireKeys = []
    }

    /// The members of a dictionary (in the dictionary's order).
    public init(_ dictionary: [String: JSONValue]) {
        self.init(uniqueMembers: dictionary.map { ($0.key, $0.value) })
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init()
        members.reserveCapacity(elements.count)
        wireKeys.reserveCapacity(elements.count)
        for (key, value) in elements { self[key] = value }
    }

    /// Creates an object from members whose keys are known to be distinct.
    init(uniqueMembers: [Element]) {
        members = uniqueMembers
        wireKeys = uniqueMembers.map { WireKey(name: $0.key) }
        if members.count > Self.indexThreshold { rebuildIndex() }
    }

    /// Creates an object from members whose keys are distinct and already interned.
    init(uniqueMembers: [Element], wireKeys: [WireKey]) {
        members = uniqueMembers
        self.wireKeys = wireKeys
        if members.count > Self.indexThreshold { rebuildIndex() }
    }

    /// The number of members.
    public var count: Int { members.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The keys, in member order.
    public var keys: [String] { members.map(\.key) }

    /// The members as a dictionary.
    public var dictionary: [String: JSONValue] {
        Dictionary(members, uniquingKeysWith: { _, last in last })
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
    func has(_ key: WireKey) -> Bool { key != .unknown && wireKeys.contains(key) }

    /// The members with their interned keys.
    var interned: Zip2Sequence<[WireKey], [Element]> { zip(wireKeys, members) }

    /// Runs `body` on the value of `key` in place, if the member exists.
    mutating func modify(_ key: WireKey, _ body: (inout JSONValue) -> Void) {
        guard let position = position(of: key) else { return }
        body(&members[position].value)
    }

    /// The object with each value transformed.
    public func mapValues(_ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        var copy = self
        for position in copy.members.indices {
            copy.members[position].value = try transform(copy.members[position].value)
        }
        return copy
    }

    public func makeIterator() -> IndexingIterator<[Element]> {
        members.makeIterator()
    }

    private mutating func set(_ newValue: JSONValue?, at position: Int?, key: String, wireKey: WireKey) {
        if let position {
            if let newValue {
                members[position].value = newValue
            } else {
                members.remove(at: position)
                wireKeys.remove(at: position)
                if index != nil { rebuildIndex() }
            }
        } else if let newValue {
            members.append((key, newValue))
            wireKeys.append(wireKey)
            if index != nil {
                index?[key] = members.count - 1
            } else if members.count > Self.indexThreshold {
                rebuildIndex()
            }
        }
    }

    private func position(of key: WireKey) -> Int? {
        key == .unknown ? nil : wireKeys.firstIndex(of: key)
    }

    private func position(of key: String) -> Int? {
        let wireKey = WireKey(name: key)
        if wireKey != .unknown { return position(of: wireKey) }
        if let index { return index[key] }
        for position in members.indices where wireKeys[position] == .unknown && members[position].key == key {
            return position
        }
        return nil
    }

    private mutating func rebuildIndex() {
        var index: [String: Int] = [:]
        index.reserveCapacity(members.count)
        for (position, member) in members.enumerated() { index[member.key] = position }
        self.index = index
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs where rhs[key] != value { return false }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: a commutative sum of each member's own hash.
        var sum = 0
        for (key, value) in members {
            var member = Hasher()
            member.combine(key)
            member.combine(value)
            sum &+= member.finalize()
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
