import XpediteProtocol

/// `section`: a header row that starts a group of fields in a form
/// (docs/protocol/components/containers.md#section).
///
/// Only the new dialect's header row is built; the old dialect's box around components is not,
/// because the SDK never sends old-dialect forms.
///
/// ```swift
/// Form(id: "customer", save: .call("saveCustomer")) {
///     Section("Personal Details")
///     TextBox(name: "firstname", title: "First name")
/// }
/// ```
public struct Section: Placeable, BackgroundStylable, IDAssignable, Hashable {
    var wire: Component.Section
    public var placement = Placement()

    /// A header row showing `title`.
    public init(_ title: String) {
        wire = Component.Section(title: title)
    }

    /// The header text.
    public var title: String? { wire.title }

    public var id: String? {
        get { wire.id }
        set { wire.id = newValue }
    }

    public var background: Colour? {
        get { wire.background }
        set { wire.background = newValue }
    }

    /// The protocol value.
    public var component: Component {
        var section = wire
        section.size = placement.sizeSpec
        return .section(section)
    }

    public func makeComponents() -> [Component] { [component] }
}
