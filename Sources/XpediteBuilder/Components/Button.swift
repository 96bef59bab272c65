import XpediteProtocol

/// `button`: calls a server method when tapped (docs/protocol/components/display.md#button). A
/// button has a caption, an icon, or both; without a method a tap does nothing.
///
/// ```swift
/// Button("Save", .call("saveCustomer", formdata: true)).style(.button)
///     .size(width: .percent(80), height: 44, centreX: 0)
/// Button(icon: "plus", .call("addCustomer"))
/// ```
public struct Button: Placeable, BackgroundStylable, IDAssignable, TextStylable, Alignable, Hashable {
    /// `plain` (text only, the default) or `button` (bordered, rounded corners).
    public typealias Style = Component.Button.Style

    var wire: Component.Button
    public var placement = Placement()

    /// A button with a caption and, optionally, an icon shown before it.
    ///
    /// - Parameters:
    ///   - text: the caption.
    ///   - method: what a tap calls.
    ///   - icon: an SF Symbol name, or the id of a preloaded image.
    public init(_ text: String, _ method: MethodCall? = nil, icon: String? = nil) {
        wire = Component.Button(text: text, icon: icon, method: method)
    }

    /// A button showing only an icon: an SF Symbol name, or the id of a preloaded image.
    public init(icon: String, _ method: MethodCall? = nil) {
        wire = Component.Button(icon: icon, method: method)
    }

    /// What a tap calls.
    public var method: MethodCall? {
        get { wire.method }
        set { wire.method = newValue }
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

    /// Sets the style: `.style(.button)` for a bordered button.
    public func style(_ style: Style?) -> Button {
        var copy = self
        copy.wire.style = style
        return copy
    }

    /// The protocol value.
    public var component: Component {
        var button = wire
        button.size = placement.sizeSpec
        return .button(button)
    }

    public func makeComponents() -> [Component] { [component] }
}
