extension Field {
    /// `computed` (docs/notify.md#field-types): a read-only value worked out from the other fields
    /// by `expression` (docs/notify.md#expressions), shown, recomputed as the person types, and
    /// sent in `values` like a typed one; the server computes it again and refuses another value.
    public struct Computed: Sendable, Hashable {
        /// `id`: the property name of the value in the response's `values`; required, unique within `fields`.
        public var id: String?
        /// `label`: the title shown above the value.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle
        /// `expression`: what the value is; required.
        public var expression: String?
        /// `showIf`, `check` and `checkMessage` (a computed field has no `requiredIf`).
        public var rules: Rules

        /// Creates a `computed` field.
        public init(id: String? = nil, label: String? = nil, labelStyle: LabelStyle = LabelStyle(), expression: String? = nil,
                    rules: Rules = Rules()) {
            self.id = id
            self.label = label
            self.labelStyle = labelStyle
            self.expression = expression
            self.rules = rules
        }

        static let shape = ObjectShape.field(
            "computed",
            "A read-only value computed from the other fields by expression, shown and sent like a typed one.",
            id: .required, styled: true, [
            .init("expression", .string, required: true, "The expression (docs/notify.md#expressions) that gives the value."),
        ] + Rules.computedProperties)

        init(reading members: JSONObject) {
            var rules = Rules(reading: members)
            rules.requiredIf = nil
            self.init(id: members.string("id"), label: members.string("label"), labelStyle: LabelStyle(reading: members),
                      expression: members.string("expression"), rules: rules)
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "computed")
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            labelStyle.write(into: &writer)
            writer.set(name: "expression", expression)
            rules.write(into: &writer)
            return writer.json
        }
    }
}
