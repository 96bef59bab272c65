/// `setDefaults`: default styles for later components, merged key by key into what the phone
/// already holds; `null` removes a key (docs/protocol/packets.md#setdefaults).
public struct Defaults: Sendable, Hashable {
    /// One entry of a defaults patch.
    public enum Setting<Value: Sendable & Hashable>: Sendable, Hashable {
        /// Set the default.
        case set(Value)
        /// `null`: remove the default.
        case remove
    }

    /// The default font, or its removal.
    public var font: Setting<String>?
    /// The default font size, or its removal.
    public var fontsize: Setting<Double>?
    /// The default text colour, or its removal.
    public var color: Setting<Colour>?
    /// The default window background (not a component background).
    public var background: Setting<Colour>?

    /// Creates a defaults patch.
    public init(font: Setting<String>? = nil, fontsize: Setting<Double>? = nil, color: Setting<Colour>? = nil,
                background: Setting<Colour>? = nil) {
        self.font = font
        self.fontsize = fontsize
        self.color = color
        self.background = background
    }

    /// Applies `patch` on top of these defaults: set keys win, removed keys go.
    public func merging(_ patch: Defaults) -> Defaults {
        func merge<V>(_ current: Setting<V>?, _ new: Setting<V>?) -> Setting<V>? {
            switch new {
            case nil: current
            case .remove?: nil
            case .set?: new
            }
        }
        return Defaults(font: merge(font, patch.font), fontsize: merge(fontsize, patch.fontsize),
                        color: merge(color, patch.color), background: merge(background, patch.background))
    }

    static let shape = ObjectShape(name: "setDefaults", expectation: "a setDefaults object", summary: "Default styles for later components.", properties: [
        .init("font", .anyOf([.string, .nullValue]), "Default font."),
        .init("fontsize", .anyOf([.boundedNumber(minimum: 0, maximum: nil, exclusiveMinimum: true), .nullValue]),
              "Default font size in points."),
        .init("color", .anyOf([.colour, .nullValue]), "Default text colour."),
        .init("background", .anyOf([.colour, .nullValue]), "Default window background."),
    ])

    init(reading reader: ObjectReader) {
        func setting<V>(_ key: WireKey, _ read: (JSONValue) -> V?) -> Setting<V>? {
            guard let value = reader[key] else { return nil }
            if value.isNull { return .remove }
            return read(value).map(Setting.set)
        }
        self.init(font: setting(.font, \.stringValue), fontsize: setting(.fontsize, \.numberValue),
                  color: setting(.color) { $0.stringValue.flatMap(Colour.init(hex:)) },
                  background: setting(.background) { $0.stringValue.flatMap(Colour.init(hex:)) })
    }

    var json: JSONValue {
        var writer = ObjectWriter()
        func put<V>(_ key: WireKey, _ setting: Setting<V>?, _ encode: (V) -> JSONValue) {
            switch setting {
            case nil: break
            case .remove?: writer.set(key, JSONValue.null)
            case .set(let value)?: writer.set(key, encode(value))
            }
        }
        put(.font, font) { .string($0) }
        put(.fontsize, fontsize) { .number($0) }
        put(.color, color) { .string($0.hex) }
        put(.background, background) { .string($0.hex) }
        return writer.json
    }
}
