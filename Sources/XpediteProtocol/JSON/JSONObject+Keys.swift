extension JSONObject {
    /// The member names of many objects with the same keys — the rows of one query, say —
    /// interned and put in canonical order once, so that each object is then made in one go
    /// (``JSONObject/init(keys:value:)``): no key is interned, searched for or sorted per object,
    /// and the objects are written without sorting their members.
    ///
    /// ```swift
    /// let keys = JSONObject.Keys(["name", "id"])      // names: ["id", "name"], sources: [1, 0]
    /// let record = JSONObject(keys: keys) { column in values[column] }
    /// ```
    public struct Keys: Sendable, Hashable {
        /// The distinct names, in canonical order (by their UTF-8 bytes).
        public var names: [String] { members.map(\.key) }
        /// For each of ``names``, its position in the list the keys were made from; for a name
        /// given more than once, its last position (the last value wins, as in a dictionary).
        public let sources: [Int]
        /// The names with their interned keys, in canonical order.
        fileprivate let members: [(key: String, wireKey: WireKey)]

        /// The keys of objects whose members are named `names`, in any order.
        public init(_ names: [String]) {
            var members: [(key: String, wireKey: WireKey, source: Int)] = []
            members.reserveCapacity(names.count)
            for (source, name) in names.enumerated() {
                if let earlier = members.firstIndex(where: { $0.key == name }) {
                    members[earlier].source = source
                } else {
                    members.append((name, WireKey(name: name), source))
                }
            }
            members.sort { JSONObject.keyPrecedes(($0.key, $0.wireKey), ($1.key, $1.wireKey)) }
            self.members = members.map { ($0.key, $0.wireKey) }
            self.sources = members.map(\.source)
        }

        /// The number of distinct names.
        public var count: Int { members.count }

        public static func == (lhs: Keys, rhs: Keys) -> Bool {
            lhs.sources == rhs.sources && lhs.members.elementsEqual(rhs.members) { $0.key == $1.key }
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(sources)
            for member in members { hasher.combine(member.key) }
        }
    }

    /// An object with a member for each of `keys`, in canonical order: the value of
    /// `keys.names[i]` is `value(keys.sources[i])`, the value at that name's position in the list
    /// the keys were made from.
    public init(keys: Keys, value: (_ source: Int) throws -> JSONValue) rethrows {
        var members: [Member] = []
        members.reserveCapacity(keys.count)
        for index in 0..<keys.count {
            let member = keys.members[index]
            members.append(Member(key: member.key, wireKey: member.wireKey, value: try value(keys.sources[index])))
        }
        self.init(uniqueMembers: members, canonicallyOrdered: true)
    }

    /// The canonical order of two keys (``precedes(_:_:)`` for keys without values).
    fileprivate static func keyPrecedes(_ lhs: (String, WireKey), _ rhs: (String, WireKey)) -> Bool {
        precedes(Member(key: lhs.0, wireKey: lhs.1, value: .null), Member(key: rhs.0, wireKey: rhs.1, value: .null))
    }
}
