import XpediteProtocol

/// `checkbox`: a boolean toggle whose value travels as `"1"` or `"0"`
/// (docs/protocol/components/inputs.md#checkbox).
///
/// ```swift
/// Checkbox(name: "active", title: "Active customer", isOn: true)
/// ```
public struct Checkbox: Placeable, BackgroundStylable, IDAssignable, Hashable {
    var wire: Component.Checkbox
    public var placement = Placement()

    /// A checkbox.
    ///
    /// - Parameters:
    ///   - name: the key of the value in `formdata`; unique within its form.
    ///   - title: the label next to the switch.
    ///   - isOn: the initial state (`value` `"1"` or `"0"`); unchecked when `nil`.
    public init(name: String, title: String? = nil, isOn: Bool? = nil) {
        wire = Component.Checkbox(name: name, title: title, value: isOn)
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
        return .checkbox(field)
    }

    public func makeComponents() -> [Component] { [component] }
}
