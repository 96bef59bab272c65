import XpediteProtocol

/// `textbox`: a single-line text input whose value is captured under its `name`
/// (docs/protocol/components/inputs.md#textbox), inside a ``Form`` or standalone.
///
/// ```swift
/// TextBox(name: "email", title: "Email", placeholder: "you@example.com")
///     .keyboard(.email).returnKey(.next).onEnter(focus: "pwd").disableAutotext()
/// ```
public struct TextBox: Placeable, BackgroundStylable, IDAssignable, TextStylable, Alignable,
    TextEntryConfigurable, Hashable
{
    /// The keyboard the field asks for.
    public typealias Keyboard = Component.Keyboard
    /// The label of the return key.
    public typealias ReturnKey = Component.ReturnKey

    var wire: Component.TextBox
    public var placement = Placement()

    /// A text box.
    ///
    /// - Parameters:
    ///   - name: the key of the value in `formdata`; unique within its form.
    ///   - title: the field's label.
    ///   - placeholder: shown while the field is empty.
    ///   - value: the initial value.
    public init(name: String, title: String? = nil, placeholder: String? = nil, value: String? = nil) {
        wire = Component.TextBox(name: name, title: title, placeholder: placeholder, value: value)
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

    /// Turns autocorrect and auto-capitalisation off (`autotext: "disable"`), for usernames and codes.
    public func disableAutotext() -> TextBox {
        var copy = self
        copy.wire.autotext = .disabled
        return copy
    }

    /// The protocol value.
    public var component: Component {
        var field = wire
        field.size = placement.sizeSpec
        return .textbox(field)
    }

    public func makeComponents() -> [Component] { [component] }
}
