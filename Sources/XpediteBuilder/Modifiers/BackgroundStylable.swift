import XpediteProtocol

/// A component with a `background` colour
/// (docs/protocol/components/README.md#keys-every-component-has); transparent when unset.
public protocol BackgroundStylable: ComponentConvertible {
    /// The component's background colour.
    var background: Colour? { get set }
}

extension BackgroundStylable {
    /// Sets the background colour: `.background(.rgb(0xF5F5F5))`.
    public func background(_ colour: Colour?) -> Self {
        var copy = self
        copy.background = colour
        return copy
    }
}
