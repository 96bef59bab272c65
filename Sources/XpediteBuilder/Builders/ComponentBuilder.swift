import XpediteProtocol

/// Builds the `components` array of a container (``Form``, ``ScrollView``) from DSL elements,
/// with `if`, `if let`, `switch`, `for` and `#available` support.
///
/// Only ``ComponentConvertible`` elements are accepted, so a ``Navigation`` or a ``MenuEntry``
/// inside a form does not compile.
///
/// ```swift
/// Form(id: "customer", save: .call("saveCustomer")) {
///     TextBox(name: "firstname", title: "First name")
///     if showNotes { TextView(name: "notes", title: "Notes") }
///     for field in extraFields { TextBox(name: field) }
/// }
/// ```
@resultBuilder
public enum ComponentBuilder: ListBuilder {
    public typealias FinalElement = Component

    /// One element.
    public static func buildExpression(_ element: some ComponentConvertible) -> [Component] {
        element.makeComponents()
    }
}
