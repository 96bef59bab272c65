import XpediteProtocol

/// `form`: groups input fields with Save and Cancel (docs/protocol/components/containers.md#form).
/// On save, every field's value goes to the server under `formdata.{id}`.
///
/// A form that saves must have an `id` (docs/protocol/validation.md): the initializer that takes
/// `save:` also takes a non-optional `id:`, so a saving form without an id does not compile.
///
/// ```swift
/// Form(id: "customer-form", save: .call("saveCustomer"), cancel: .call("listCustomers"), title: "Customer") {
///     Section("Personal Details")
///     TextBox(name: "firstname", title: "First name")
///     DateField(name: "dob", title: "Date of birth")
/// }
/// ```
public struct Form: Placeable, BackgroundStylable, Hashable {
    /// `inline` (in the page flow, the default) or `dialog` (modal, ✕ and ✓ in its header).
    public typealias Style = Component.Form.Style

    var wire: Component.Form
    public var placement = Placement()

    /// A form that saves.
    ///
    /// - Parameters:
    ///   - id: the key of the form's values in `formdata`; required because the form saves.
    ///   - save: what Save calls; it always sends the form's values.
    ///   - cancel: what Cancel calls; no Cancel button when `nil`.
    ///   - title: the title bar (inline) or header title (dialog).
    ///   - style: `inline` (default) or `dialog`.
    ///   - content: the fields and other components of the form.
    public init(id: String, save: MethodCall, cancel: MethodCall? = nil, title: String? = nil, style: Style? = nil,
                @ComponentBuilder content: () -> [Component]) {
        wire = Component.Form(id: id, style: style, title: title, save: save, cancel: cancel, components: content())
    }

    /// A form that does not save: it groups fields, which a ``Button`` with
    /// `.call(…, formdata: true)` or the Cancel button can still send.
    ///
    /// - Parameters:
    ///   - id: the key of the form's values in `formdata`; without it the values are not sent.
    ///   - cancel: what Cancel calls; no Cancel button when `nil`.
    ///   - title: the title bar (inline) or header title (dialog).
    ///   - style: `inline` (default) or `dialog`.
    ///   - content: the fields and other components of the form.
    public init(id: String? = nil, cancel: MethodCall? = nil, title: String? = nil, style: Style? = nil,
                @ComponentBuilder content: () -> [Component]) {
        wire = Component.Form(id: id, style: style, title: title, cancel: cancel, components: content())
    }

    /// The key of the form's values in `formdata`.
    public var id: String? { wire.id }

    /// What Save calls.
    public var save: MethodCall? { wire.save }

    /// The components inside the form.
    public var content: [Component] { wire.components }

    public var background: Colour? {
        get { wire.background }
        set { wire.background = newValue }
    }

    /// Sets the captions of the Save and Cancel buttons (`saveNavigation`, `cancelNavigation`;
    /// "Save" and "Cancel" when `nil`). In the dialog style they become accessibility labels.
    public func buttonLabels(save: String? = nil, cancel: String? = nil) -> Form {
        var copy = self
        copy.wire.saveNavigation = save
        copy.wire.cancelNavigation = cancel
        return copy
    }

    /// The protocol value.
    public var component: Component {
        var form = wire
        form.size = placement.sizeSpec
        return .form(form)
    }

    public func makeComponents() -> [Component] { [component] }
}
