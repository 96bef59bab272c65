import XpediteProtocol

/// Anything that can stand inside a ``Navigation`` menu: ``MenuEntry``, ``MenuHeader`` and
/// ``MenuSeparator``. Only these can, and they can stand nowhere else
/// (docs/protocol/components/navigation.md#menuentry).
public protocol MenuContent: Sendable {
    /// The `menuEntry` values this element contributes, in order.
    func makeEntries() -> [Component.MenuEntry]
}

extension Component.MenuEntry: MenuContent {
    /// The entry itself.
    public func makeEntries() -> [Component.MenuEntry] { [self] }
}

extension Array: MenuContent where Element: MenuContent {
    /// The entries of every element, in order.
    public func makeEntries() -> [Component.MenuEntry] { flatMap { $0.makeEntries() } }
}

extension Optional: MenuContent where Wrapped: MenuContent {
    /// The wrapped element's entries, or none.
    public func makeEntries() -> [Component.MenuEntry] { self?.makeEntries() ?? [] }
}
