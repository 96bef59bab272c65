import XpediteProtocol

/// The text styling of a component: `color`, `font` and `fontsize` (docs/protocol/values.md).
/// Unset keys fall back to `setDefaults`, then the system.
public struct TextAttributes: Sendable, Hashable {
    /// The text colour (`color`).
    public var color: Colour?
    /// A font name or family (`font`), e.g. `Helvetica-Bold`.
    public var font: String?
    /// The font size in points (`fontsize`).
    public var fontSize: Double?

    /// Creates text attributes.
    public init(color: Colour? = nil, font: String? = nil, fontSize: Double? = nil) {
        self.color = color
        self.font = font
        self.fontSize = fontSize
    }
}

/// A component that draws text: labels, buttons and text inputs.
public protocol TextStylable: ComponentConvertible {
    /// The component's text styling.
    var textAttributes: TextAttributes { get set }
}

extension TextStylable {
    /// Sets the text colour (`color`).
    public func color(_ colour: Colour?) -> Self {
        var copy = self
        copy.textAttributes.color = colour
        return copy
    }

    /// Sets the font name (`font`).
    public func font(_ name: String?) -> Self {
        var copy = self
        copy.textAttributes.font = name
        return copy
    }

    /// Sets the font name and size (`font`, `fontsize`).
    public func font(_ name: String?, size: Double?) -> Self {
        var copy = self
        copy.textAttributes.font = name
        copy.textAttributes.fontSize = size
        return copy
    }

    /// Sets the font size in points (`fontsize`).
    public func fontSize(_ size: Double?) -> Self {
        var copy = self
        copy.textAttributes.fontSize = size
        return copy
    }
}

/// A component whose text can be aligned (`align`, docs/protocol/values.md#other-values).
public protocol Alignable: ComponentConvertible {
    /// The text alignment; `left` (natural) when unset, `centre` for buttons.
    var alignment: Alignment? { get set }
}

extension Alignable {
    /// Sets the text alignment: `.align(.centre)`.
    public func align(_ alignment: Alignment?) -> Self {
        var copy = self
        copy.alignment = alignment
        return copy
    }
}
