import XpediteProtocol

/// `textview`: a multi-line text input (docs/protocol/components/inputs.md#textview).
///
/// ```swift
/// TextView(name: "notes", title: "Notes", placeholder: "Enter notes...").initialHeight(150)
/// ```
public struct TextView: Placeable, BackgroundStylable, IDAssignable, TextStylable, Hashable {
    var wire: Component.TextView
    public var placement = Placement()

    /// A text view.
    ///
    /// - Parameters:
    ///   - name: the key of the value in `formdata`; unique within its form.
    ///   - title: the field's label.
    ///   - placeholder: shown while the field is empty.
    ///   - value: the initial text.
    public init(name: String, title: String? = nil, placeholder: String? = nil, value: String? = nil) {
        wire = Component.TextView(name: name, title: title, placeholder: placeholder, value: value)
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

    public var textAttributes: TextAttributes {
        get { TextAttributes(color: wire.color, font: wire.font, fontSize: wire.fontsize) }
        set { (wire.color, wire.font, wire.fontsize) = (newValue.color, newValue.font, newValue.fontSize) }
    }

    /// Sets the initial height in points (`initialHeight`, 100 by default); the view grows with
    /// its text up to the height of its placement, if one is given.
    public func initialHeight(_ points: Double?) -> TextView {
        var copy = self
        copy.wire.initialHeight = points
        return copy
    }

    /// The protocol value.
    public var component: Component {
        var field = wire
        field.size = placement.sizeSpec
        return .textview(field)
    }

    public func makeComponents() -> [Component] { [component] }
}
