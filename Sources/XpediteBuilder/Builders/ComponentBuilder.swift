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
public enum ComponentBuilder {
    /// One element.
    public static func buildExpression(_ element: some ComponentConvertible) -> [Component] {
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
