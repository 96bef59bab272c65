import XpediteProtocol

/// `select`: a picker wheel over options shown sorted by key
/// (docs/protocol/components/inputs.md#select, docs/protocol/values.md#options).
///
/// Option keys are strings by type. They sort as text, so `"10"` comes before `"2"`: zero-pad
/// numeric keys.
///
/// ```swift
/// Select(name: "country", title: "Country", options: ["AU": "Australia", "NZ": "New Zealand"], value: "AU")
/// ```
public struct Select: Placeable, BackgroundStylable, IDAssignable, Hashable {
    var wire: Component.Select
    public var placement = Placement()

    /// A select.
    ///
    /// - Parameters:
    ///   - name: the key of the value in `formdata`; unique within its form.
    ///   - title: the field's label.
    ///   - options: `key: label` pairs, shown sorted by key.
    ///   - value: the selected key; the first option after sorting when `nil`.
    public init(name: String, title: String? = nil, options: [String: String], value: String? = nil) {
        wire = Component.Select(name: name, title: title, options: options, value: value.map { .single($0) })
    }

    /// The key of the value in `formdata`.
    public var name: String { wire.name }

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
        var field = wire
        field.size = placement.sizeSpec
        return .select(field)
    }

    public func makeComponents() -> [Component] { [component] }
}
