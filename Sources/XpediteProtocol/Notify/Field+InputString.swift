extension Field {
    /// `inputString` (PROTOCOL.md §9.5): a text input; the value is a string.
    public struct InputString: Sendable, Hashable {
        /// `id`: the property name of the value in the response's `values`; required, unique within `fields`.
        public var id: String?
        /// `label`: the title shown above the widget.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle
        /// `placeholder`: the prompt shown in the field's body before it is used.
        public var placeholder: String?
        /// `default`: the initial text.
        public var defaultValue: String?
        /// `optional`: the user may skip the field; a skipped field is returned as `null` (PROTOCOL.md §9.4).
        public var optional: Bool?

        /// The default `placeholder`.
        public static let defaultPlaceholder: String = ""

        /// Creates an `inputString` field.
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
            "inputString",
            "A text input; the value is a string.",
            id: .required, styled: true, [
            .init("placeholder", .string, "The prompt shown in the field's body before it is used."),
            .init("default", .string, "The initial text."),
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
            var writer = ObjectWriter(type: "inputString")
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
