extension Field {
    /// `currentDateTime` (docs/notify.md#field-types): no UI: the value is the ISO date-time of the
    /// submit.
    public struct CurrentDateTime: Sendable, Hashable {
        /// `id`: the property name of the value in the response's `values`; required, unique within `fields`.
        public var id: String?
        /// `label`: the title shown above the widget.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle
        /// `showIf`, `requiredIf`, `check` and `checkMessage` (docs/notify.md#rules).
        public var rules = Rules()


        /// Creates a `currentDateTime` field.
        public init(id: String? = nil, label: String? = nil, labelStyle: LabelStyle = LabelStyle()) {
            self.id = id
            self.label = label
            self.labelStyle = labelStyle
        }

        /// How the field must be answered (docs/notify.md#optional-and-default).
        public var requirement: Requirement { .required }

        static let shape = ObjectShape.field(
            "currentDateTime",
            "No UI: the value is the ISO date-time of the submit.",
            id: .required, styled: true, [
        ])

        init(reading members: JSONObject) {
            self.init(id: members.string("id"),
                      label: members.string("label"),
                      labelStyle: LabelStyle(reading: members))
            rules = Rules(reading: members)
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "currentDateTime")
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            labelStyle.write(into: &writer)
            rules.write(into: &writer)
            return writer.json
        }
    }
}
