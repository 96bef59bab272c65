/// Reads the members of one JSON object into typed values, tolerantly: a member of the wrong
/// type reads as `nil`. By the time a reader runs, ``ShapeChecker`` has already reported every
/// such member with its path; the reader only builds what is usable.
struct ObjectReader {
    let members: JSONObject
    let path: JSONPath
    let context: BuildContext

    init(_ members: JSONObject, at path: JSONPath, context: BuildContext) {
        self.members = members
        self.path = path
        self.context = context
    }

    subscript(key: WireKey) -> JSONValue? { members[key] }

    func string(_ key: WireKey) -> String? { members[key]?.stringValue }

    func number(_ key: WireKey) -> Double? { members[key]?.numberValue }

    func int(_ key: WireKey) -> Int? { members[key]?.intValue }

    func bool(_ key: WireKey) -> Bool? { members[key]?.boolValue }

    func object(_ key: WireKey) -> ObjectReader? {
        guard let members = members[key]?.objectValue else { return nil }
        return ObjectReader(members, at: path.appending(key.name), context: context)
    }

    func colour(_ key: WireKey) -> Colour? {
        members[key]?.stringValue.flatMap(Colour.init(hex:))
    }

    func method(_ key: WireKey) -> MethodCall? {
        object(key).flatMap(MethodCall.init(reading:))
    }

    func size() -> SizeSpec? {
        object(.size).map(SizeSpec.init(reading:))
    }

    func `enum`<T: RawRepresentable>(_ key: WireKey, as type: T.Type = T.self) -> T? where T.RawValue == String {
        members[key]?.stringValue.flatMap(T.init(rawValue:))
    }

    func map(_ key: WireKey) -> [String: JSONValue]? { members[key]?.objectValue?.dictionary }

    /// The components under `key`, skipping the ones the context marks as dropped and the ones
    /// that cannot be built (unknown or missing `type`).
    func components(_ key: WireKey = .components) -> [Component]? {
        guard let elements = members[key]?.arrayValue else { return nil }
        let base = path.appending(key.name)
        var components: [Component] = []
        components.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let elementPath = base.appending(index)
            guard !context.isDropped(elementPath), let object = element.objectValue,
                  let component = Component(reading: ObjectReader(object, at: elementPath, context: context))
            else { continue }
            components.append(component)
        }
        return components
    }
}

/// What a build of the typed model needs to know beyond the tree itself.
struct BuildContext {
    /// Components (by path) that a lenient read leaves out because they are broken.
    var dropped: Set<JSONPath> = []

    func isDropped(_ path: JSONPath) -> Bool { !dropped.isEmpty && dropped.contains(path) }
}

/// Builds a JSON object member by member, leaving out absent values.
struct ObjectWriter {
    private(set) var members = JSONObject()

    init() {}

    init(type: String) { members[.type] = .string(type) }

    mutating func set(_ key: WireKey, _ value: String?) {
        if let value { members[key] = .string(value) }
    }

    mutating func set(_ key: WireKey, _ value: Double?) {
        if let value { members[key] = .number(value) }
    }

    mutating func set(_ key: WireKey, _ value: Int?) {
        if let value { members[key] = .number(Double(value)) }
    }

    mutating func set(_ key: WireKey, _ value: Bool?) {
        if let value { members[key] = .bool(value) }
    }

    mutating func set(_ key: WireKey, _ value: JSONValue?) {
        if let value { members[key] = value }
    }

    mutating func set<T: RawRepresentable>(_ key: WireKey, _ value: T?) where T.RawValue == String {
        if let value { members[key] = .string(value.rawValue) }
    }

    mutating func set(_ key: WireKey, _ value: Colour?) {
        if let value { members[key] = .string(value.hex) }
    }

    mutating func set(_ key: WireKey, _ value: MethodCall?) {
        if let value { members[key] = value.json }
    }

    mutating func set(_ key: WireKey, _ value: SizeSpec?) {
        if let value { members[key] = value.json }
    }

    mutating func set(_ key: WireKey, _ value: [String: JSONValue]?) {
        if let value { members[key] = .object(value) }
    }

    /// Sets a member by its wire name (for keys outside the protocol, such as request arguments).
    mutating func set(name: String, _ value: JSONValue) {
        members[name] = value
    }

    mutating func set(_ key: WireKey, _ components: [Component]?) {
        if let components { members[key] = .array(components.map(\.json)) }
    }

    mutating func remove(_ key: WireKey) { members[key] = nil }

    var json: JSONValue { .object(members) }
}
