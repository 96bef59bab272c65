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
public enum MenuBuilder: ListBuilder {
    public typealias FinalElement = Component.MenuEntry

    /// One element.
    public static func buildExpression(_ element: some MenuContent) -> [Component.MenuEntry] {
        element.makeEntries()
    }
}
