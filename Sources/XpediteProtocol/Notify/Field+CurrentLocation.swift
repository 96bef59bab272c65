extension Field {
    /// `currentLocation` (docs/notify.md#field-types): no UI: the value is {longitude, latitude} at
    /// the submit.
    public struct CurrentLocation: Sendable, Hashable {
        /// `id`: the property name of the value in the response's `values`; required, unique within `fields`.
        public var id: String?
        /// `label`: the title shown above the widget.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle
        /// `showIf`, `requiredIf`, `check` and `checkMessage` (docs/notify.md#rules).
        public var rules = Rules()


        /// Creates a `currentLocation` field.
        public init(id: String? = nil, label: String? = nil, labelStyle: LabelStyle = LabelStyle()) {
            self.id = id
            self.label = label
            self.labelStyle = labelStyle
        }

        /// How the field must be answered (docs/notify.md#optional-and-default).
        public var requirement: Requirement { .required }

        static let shape = ObjectShape.field(
            "currentLocation",
            "No UI: the value is {longitude, latitude} at the submit.",
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
            var writer = ObjectWriter(type: "currentLocation")
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            labelStyle.write(into: &writer)
            rules.write(into: &writer)
            return writer.json
        }
    }
}
