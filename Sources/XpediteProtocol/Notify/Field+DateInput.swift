extension Field {
    /// `date` (PROTOCOL.md §9.5): a date chooser; the value is an ISO date string yyyy-MM-dd.
    public struct DateInput: Sendable, Hashable {
        /// `id`: the property name of the value in the response's `values`; required, unique within `fields`.
        public var id: String?
        /// `label`: the title shown above the widget.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle
        /// `placeholder`: the prompt shown in the field's body before it is used.
        public var placeholder: String?
        /// `default`: an ISO date, e.g. "1991-04-20".
        public var defaultValue: String?
        /// `optional`: the user may skip the field; a skipped field is returned as `null` (PROTOCOL.md §9.4).
        public var optional: Bool?

        /// The default `placeholder`.
        public static let defaultPlaceholder: String = ""

        /// Creates a `date` field.
        public init(id: String? = nil, label: String? = nil, labelStyle: LabelStyle = LabelStyle(),
                    placeholder: String? = nil, defaultValue: String? = nil, optional: Bool? = nil) {
            self.id = id
            self.label = label
            self.labelStyle = labelStyle
            self.placeholder = placeholder
            self.defaultValue = defaultValue
            self.optional = optional
        }

        /// `placeholder`, or its default.
        public var resolvedPlaceholder: String { placeholder ?? Self.defaultPlaceholder }

        /// How the field must be answered (PROTOCOL.md §9.4).
        public var requirement: Requirement { .of(default: defaultValue.map(JSONValue.string), optional: optional) }

        static let shape = ObjectShape.field(
            "date",
            "A date chooser; the value is an ISO date string yyyy-MM-dd.",
            id: .required, styled: true, [
            .init("placeholder", .string, "The prompt shown in the field's body before it is used."),
            .init("default", .date, "An ISO date, e.g. \"1991-04-20\"."),
            .init("optional", .boolean, "The user may skip the field; a skipped field is returned as `null` (PROTOCOL.md §9.4)."),
        ])

        init(reading members: JSONObject) {
            self.init(id: members.string("id"),
                      label: members.string("label"),
                      labelStyle: LabelStyle(reading: members),
                      placeholder: members.string("placeholder"),
                      defaultValue: members.string("default"),
                      optional: members.bool("optional"))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "date")
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            labelStyle.write(into: &writer)
            writer.set(name: "placeholder", placeholder)
            writer.set(name: "default", defaultValue)
            writer.set(name: "optional", optional)
            return writer.json
        }
    }
}
