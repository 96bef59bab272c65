import XpediteProtocol

/// `label`: static text that wraps onto as many lines as it needs
/// (docs/protocol/components/display.md#label).
///
/// ```swift
/// Label("Welcome back").font("Helvetica-Bold", size: 20).align(.centre).color(.rgb(0x333333))
/// ```
public struct Label: Placeable, BackgroundStylable, IDAssignable, TextStylable, Alignable, Hashable {
    var wire: Component.Label
    public var placement = Placement()

    /// A label showing `text`, plain text (no markup).
    public init(_ text: String) {
        wire = Component.Label(text: text)
    }

    /// The text.
    public var text: String {
        get { wire.text }
        set { wire.text = newValue }
    }

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

    public var alignment: Alignment? {
        get { wire.align }
        set { wire.align = newValue }
    }

    /// The protocol value.
    public var component: Component {
        var label = wire
        label.size = placement.sizeSpec
        return .label(label)
    }

    public func makeComponents() -> [Component] { [component] }
}
