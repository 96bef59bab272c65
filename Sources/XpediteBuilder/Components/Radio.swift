import XpediteProtocol

/// `radio`: a vertical group of radio buttons over options shown sorted by key
/// (docs/protocol/components/inputs.md#radio, docs/protocol/values.md#options). Option keys are
/// strings by type.
///
/// ```swift
/// Radio(name: "plan", title: "Plan", options: ["1-basic": "Basic", "2-pro": "Pro"], value: "1-basic")
/// ```
public struct Radio: Placeable, BackgroundStylable, IDAssignable, Hashable {
    var wire: Component.Radio
    public var placement = Placement()

    /// A radio group.
    ///
    /// - Parameters:
    ///   - name: the key of the value in `formdata`; unique within its form.
    ///   - title: the group's label.
    ///   - options: `key: label` pairs, shown sorted by key.
    ///   - value: the selected key; none selected (value `""`) when `nil`.
    public init(name: String, title: String? = nil, options: [String: String], value: String? = nil) {
        wire = Component.Radio(name: name, title: title, options: options, value: value)
    }

    /// The key of the value in `formdata`.
    public var name: String { wire.name }

    public var id: String? {
        get { wire.id }
        set { wire.id = newValue }
    }

    public var background: Colour? {
        get { wire.background }
        set { wire.background = newValue }
    }

    /// The protocol value.
    public var component: Component {
        var field = wire
        field.size = placement.sizeSpec
        return .radio(field)
    }

    public func makeComponents() -> [Component] { [component] }
}
