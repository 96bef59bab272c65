import XpediteProtocol

/// Anything that can stand at the top level of a ``Screen``: it contributes zero or more
/// components to the screen's `components` array.
///
/// Every component type of the DSL conforms through ``ComponentConvertible``. ``Navigation``
/// conforms only to this protocol, so a menu can be written at the top level of a screen and
/// nowhere else (docs/protocol/components/navigation.md#navigation: a navigation is a screen menu,
/// never part of a container).
public protocol ScreenContent: Sendable {
    /// The protocol values this element contributes, in order.
    func makeComponents() -> [Component]
}

/// Anything that can stand inside a container (a ``Form``, a ``ScrollView``) as well as at the top
/// level of a ``Screen``: every component of docs/protocol/components/README.md except navigation
/// menus and their entries.
public protocol ComponentConvertible: ScreenContent {}

extension Component: ComponentConvertible {
    /// The component itself. Wire values can be mixed into the DSL when a server already holds
    /// them; ``Screen/validated(options:)`` checks them like everything else.
    public func makeComponents() -> [Component] { [self] }
}

extension Array: ScreenContent where Element: ScreenContent {
    /// The components of every element, in order.
    public func makeComponents() -> [Component] { flatMap { $0.makeComponents() } }
}

extension Array: ComponentConvertible where Element: ComponentConvertible {}

extension Optional: ScreenContent where Wrapped: ScreenContent {
    /// The wrapped element's components, or none.
    public func makeComponents() -> [Component] { self?.makeComponents() ?? [] }
}

extension Optional: ComponentConvertible where Wrapped: ComponentConvertible {}
