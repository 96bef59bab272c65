import XpediteProtocol

/// Builds the top-level `components` array of a ``Screen``: every ``ComponentConvertible``
/// element plus ``Navigation`` menus, with `if`, `if let`, `switch`, `for` and `#available`
/// support.
@resultBuilder
public enum ScreenBuilder {
    /// One element.
    public static func buildExpression(_ element: some ScreenContent) -> [Component] {
        element.makeComponents()
    }

    /// The statements of a block, in order.
    public static func buildBlock(_ parts: [Component]...) -> [Component] {
        parts.flatMap { $0 }
    }

    /// An `if` without `else`, or an `if let`.
    public static func buildOptional(_ part: [Component]?) -> [Component] {
        part ?? []
    }

    /// The first branch of an `if`/`else` or a `switch`.
    public static func buildEither(first part: [Component]) -> [Component] {
        part
    }

    /// The second branch of an `if`/`else` or a `switch`.
    public static func buildEither(second part: [Component]) -> [Component] {
        part
    }

    /// A `for` loop.
    public static func buildArray(_ parts: [[Component]]) -> [Component] {
        parts.flatMap { $0 }
    }

    /// An `if #available` block.
    public static func buildLimitedAvailability(_ part: [Component]) -> [Component] {
        part
    }
}
