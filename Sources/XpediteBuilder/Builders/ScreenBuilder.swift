import XpediteProtocol

/// Builds the top-level `components` array of a ``Screen``: every ``ComponentConvertible``
/// element plus ``Navigation`` menus, with `if`, `if let`, `switch`, `for` and `#available`
/// support.
@resultBuilder
public enum ScreenBuilder: ListBuilder {
    public typealias FinalElement = Component

    /// One element.
    public static func buildExpression(_ element: some ScreenContent) -> [Component] {
        element.makeComponents()
    }
}
