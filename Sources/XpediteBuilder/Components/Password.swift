import XpediteProtocol

/// `password`: a masked text input with an eye button that reveals it
/// (docs/protocol/components/inputs.md#password). Autocorrect is always off.
///
/// ```swift
/// Password(name: "pwd", placeholder: "Enter password").id("pwd").returnKey(.go)
/// ```
public struct Password: Placeable, BackgroundStylable, IDAssignable, TextStylable, Alignable,
    TextEntryConfigurable, Hashable
{
    var wire: Component.Password
    public var placement = Placement()

    /// A password field.
    ///
    /// - Parameters:
    ///   - name: the key of the value in `formdata`; unique within its form.
    ///   - title: the field's label.
    ///   - placeholder: shown while the field is empty.
    ///   - value: the initial value.
    public init(name: String, title: String? = nil, placeholder: String? = nil, value: String? = nil) {
        wire = Component.Password(name: name, title: title, placeholder: placeholder, value: value)
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

    public var alignment: Alignment? {
        get { wire.align }
        set { wire.align = newValue }
    }

    public var entrySettings: TextEntrySettings {
        get {
            TextEntrySettings(keyboard: wire.keyboard, returnKey: wire.returnkey, onEnter: wire.onEnter, focus: wire.focus)
        }
        set {
            (wire.keyboard, wire.returnkey, wire.onEnter, wire.focus) =
                (newValue.keyboard, newValue.returnKey, newValue.onEnter, newValue.focus)
        }
    }

    /// The protocol value.
    public var component: Component {
        var field = wire
        field.size = placement.sizeSpec
        return .password(field)
    }

    public func makeComponents() -> [Component] { [component] }
}
