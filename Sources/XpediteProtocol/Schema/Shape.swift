/// The shape a JSON value must have: one description of the new dialect from which both the
/// structural check (`ShapeChecker`) and the JSON Schema (``JSONSchemaGenerator``) are made.
public indirect enum Shape: Sendable {
    /// Any string.
    case string
    /// Any number.
    case number
    /// A number within a range (inclusive bounds; `exclusiveMinimum` excludes the lower one).
    case boundedNumber(minimum: Double?, maximum: Double?, exclusiveMinimum: Bool)
    /// A whole number.
    case integer
    /// A whole number of at least `minimum`.
    case boundedInteger(minimum: Int)
    /// `true` or `false`.
    case boolean
    /// JSON `null` (in `setDefaults`, where it removes a default).
    case nullValue
    /// One of a fixed list of strings.
    case oneOf([String])
    /// A colour string, `#RRGGBB` (also `#RGB`, `#RRGGBBAA`).
    case colour
    /// A calendar date string, `yyyy-MM-dd`.
    case date
    /// A screen rectangle string, `(x, y, width, height)`.
    case bounds
    /// An array whose elements all have one shape.
    case array(Shape)
    /// An object with arbitrary keys whose values all have one shape.
    case map(Shape)
    /// An object defined in the catalogue under this name.
    case object(String)
    /// A component: an object whose `type` selects its definition.
    case component
    /// The first alternative that fits.
    case anyOf([Shape])
    /// Any JSON value.
    case any

    /// How the shape reads in "expected …" messages.
    var expectation: String {
        switch self {
        case .string: return "a string"
        case .number: return "a number"
        case .boundedNumber(let minimum, let maximum, let exclusive):
            switch (minimum, maximum) {
            case let (low?, high?): return "a number from \(JSONValue.format(number: low)) to \(JSONValue.format(number: high))"
            case let (low?, nil): return exclusive ? "a number greater than \(JSONValue.format(number: low))"
                                                   : "a number of at least \(JSONValue.format(number: low))"
            case let (nil, high?): return "a number of at most \(JSONValue.format(number: high))"
            case (nil, nil): return "a number"
            }
        case .integer: return "an integer"
        case .boundedInteger(let minimum): return minimum == 1 ? "a positive integer" : "an integer of at least \(minimum)"
        case .boolean: return "a boolean"
        case .nullValue: return "null"
        case .oneOf(let values):
            return values.count == 1 ? "\"\(values[0])\"" : "one of " + values.map { "\"\($0)\"" }.joined(separator: ", ")
        case .colour: return "a colour \"#RRGGBB\""
        case .date: return "a date \"yyyy-MM-dd\""
        case .bounds: return "bounds \"(x, y, width, height)\""
        case .array: return "an array"
        case .map: return "an object"
        case .object(let name): return WireCatalogue.shape(named: name)?.expectation ?? "an object"
        case .component: return "a component object"
        case .anyOf(let shapes):
            var seen: [String] = []
            for shape in shapes where !seen.contains(shape.expectation) { seen.append(shape.expectation) }
            return seen.count <= 2 ? seen.joined(separator: " or ")
                : seen.dropLast().joined(separator: ", ") + " or " + (seen.last ?? "")
        case .any: return "any value"
        }
    }
}

/// The definition of one kind of JSON object: its keys, their shapes, which are required.
public struct ObjectShape: Sendable {
    /// One key of an object.
    public struct Property: Sendable {
        /// The JSON key.
        public var key: String
        /// The shape of its value.
        public var shape: Shape
        /// Whether the key must be present.
        public var isRequired: Bool
        /// One line for people (and the JSON Schema `description`).
        public var summary: String

        /// Creates a property.
        public init(_ key: String, _ shape: Shape, required: Bool = false, _ summary: String) {
            self.key = key
            self.shape = shape
            self.isRequired = required
            self.summary = summary
        }
    }

    /// The name the catalogue knows it by; the component type for components.
    public var name: String
    /// How messages name it: "label", "images entry", "method dict".
    public var displayName: String
    /// How "expected …" messages describe a value of this shape.
    public var expectation: String
    /// One line for people.
    public var summary: String
    /// The keys, in the order the documentation lists them.
    public private(set) var properties: [Property]
    /// The position of each key in ``properties``, by interned key (`-1`: not defined here).
    private var slots: [Int16]
    /// The position of each key that is not an interned ``WireKey`` (the notification payload's
    /// keys, docs/notify.md), by name; empty for the screen protocol's objects.
    private var namedSlots: [String: Int] = [:]
    /// How many properties are required.
    let requiredCount: Int

    /// Creates an object definition.
    public init(name: String, displayName: String? = nil, expectation: String? = nil, summary: String,
                properties: [Property]) {
        self.name = name
        self.displayName = displayName ?? name
        self.expectation = expectation ?? "an object"
        self.summary = summary
        self.properties = properties
        var slots = [Int16](repeating: -1, count: WireKey.allCases.count)
        for (position, property) in properties.enumerated() {
            let key = WireKey(name: property.key)
            if key != .unknown, slots[Int(key.rawValue)] < 0 { slots[Int(key.rawValue)] = Int16(position) }
            if key == .unknown, namedSlots[property.key] == nil { namedSlots[property.key] = position }
        }
        self.slots = slots
        self.requiredCount = properties.filter(\.isRequired).count
    }

    /// The property for a key, if the object defines it.
    public func property(_ key: String) -> Property? {
        property(WireKey(name: key), named: key)
    }

    /// The property for a key given both interned and by name: keys outside ``WireKey`` are
    /// found by name.
    func property(_ key: WireKey, named name: String) -> Property? {
        if key != .unknown { return property(key) }
        return namedSlots.isEmpty ? nil : namedSlots[name].map { properties[$0] }
    }

    /// The property for an interned key, if the object defines it.
    func property(_ key: WireKey) -> Property? {
        let position = slots[Int(key.rawValue)]
        return position < 0 ? nil : properties[Int(position)]
    }

    /// The keys the object defines.
    public var keys: [String] { properties.map(\.key) }
}
