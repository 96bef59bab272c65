extension Field {
    /// `checkbox` (docs/notify.md#field-types): a checkbox; the value is true or false. Always
    /// optional.
    public struct Checkbox: Sendable, Hashable {
        /// `id`: the property name of the value in the response's `values`; required, unique within `fields`.
        public var id: String?
        /// `label`: the title shown above the widget.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle
        /// `showIf`, `requiredIf`, `check` and `checkMessage` (docs/notify.md#rules).
        public var rules = Rules()
        /// `default`: the initial state.
        public var defaultValue: Bool?
        /// `checkboxLabel`: the text beside the box.
        public var checkboxLabel: String?
        /// `optional`: accepted, but a checkbox is always optional
        /// (docs/notify.md#optional-and-default).
        public var optional: Bool?

        /// The initial state when no `default` is given: unchecked.
        public static let uncheckedByDefault: Bool = false
        /// The default `checkboxLabel`.
        public static let defaultCheckboxLabel: String = ""

        /// Creates a `checkbox` field.
        public init(id: String? = nil, label: String? = nil, labelStyle: LabelStyle = LabelStyle(),
                    defaultValue: Bool? = nil, checkboxLabel: String? = nil, optional: Bool? = nil) {
            self.id = id
            self.label = label
            self.labelStyle = labelStyle
            self.defaultValue = defaultValue
            self.checkboxLabel = checkboxLabel
            self.optional = optional
        }

        /// `default`, or unchecked.
        public var resolvedDefaultValue: Bool { defaultValue ?? Self.uncheckedByDefault }

        /// `checkboxLabel`, or its default.
        public var resolvedCheckboxLabel: String { checkboxLabel ?? Self.defaultCheckboxLabel }

        /// How the field must be answered (docs/notify.md#optional-and-default).
        public var requirement: Requirement { .defaulted(.bool(resolvedDefaultValue)) }

        static let shape = ObjectShape.field(
            "checkbox",
            "A checkbox; the value is true or false. Always optional.",
            id: .required, styled: true, [
            .init("default", .boolean, "The initial state."),
            .init("checkboxLabel", .string, "The text beside the box."),
            .init("optional", .boolean, "Accepted, but a checkbox is always optional (docs/notify.md#optional-and-default)."),
        ])

        init(reading members: JSONObject) {
            self.init(id: members.string("id"),
                      label: members.string("label"),
                      labelStyle: LabelStyle(reading: members),
                      defaultValue: members.bool("default"),
                      checkboxLabel: members.string("checkboxLabel"),
                      optional: members.bool("optional"))
            rules = Rules(reading: members)
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "checkbox")
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            labelStyle.write(into: &writer)
            writer.set(name: "default", defaultValue)
            writer.set(name: "checkboxLabel", checkboxLabel)
            writer.set(name: "optional", optional)
            rules.write(into: &writer)
            return writer.json
        }
    }
}
