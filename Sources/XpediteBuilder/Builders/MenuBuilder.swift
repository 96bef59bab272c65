import XpediteProtocol

/// Builds the entries of a ``Navigation`` menu, with `if`, `if let`, `switch`, `for` and
/// `#available` support.
///
/// ```swift
/// Navigation.menu(id: "main") {
///     MenuHeader("Main")
///     MenuEntry("Customers", .call("listCustomers"), icon: "logo")
///     MenuSeparator()
///     if isAdmin { MenuEntry("Users", .call("listUsers")) }
/// }
/// ```
@resultBuilder
public enum MenuBuilder {
    /// One element.
    public static func buildExpression(_ element: some MenuContent) -> [Component.MenuEntry] {
        element.makeEntries()
    }

    /// The statements of a block, in order.
    public static func buildBlock(_ parts: [Component.MenuEntry]...) -> [Component.MenuEntry] {
        parts.flatMap { $0 }
    }

    /// An `if` without `else`, or an `if let`.
    public static func buildOptional(_ part: [Component.MenuEntry]?) -> [Component.MenuEntry] {
        part ?? []
    }

    /// The first branch of an `if`/`else` or a `switch`.
    public static func buildEither(first part: [Component.MenuEntry]) -> [Component.MenuEntry] {
        part
    }

    /// The second branch of an `if`/`else` or a `switch`.
    public static func buildEither(second part: [Component.MenuEntry]) -> [Component.MenuEntry] {
        part
    }

    /// A `for` loop.
    public static func buildArray(_ parts: [[Component.MenuEntry]]) -> [Component.MenuEntry] {
        parts.flatMap { $0 }
    }

    /// An `if #available` block.
    public static func buildLimitedAvailability(_ part: [Component.MenuEntry]) -> [Component.MenuEntry] {
        part
    }
}
