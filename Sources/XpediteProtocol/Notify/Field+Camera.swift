extension Field {
    /// `camera` (docs/notify.md#field-types): takes a JPEG photo; the value is the uploaded
    /// document name (rcs/image/<uuid>.jpg).
    public struct Camera: Sendable, Hashable {
        /// `id`: the property name of the value in the response's `values`; required, unique within `fields`.
        public var id: String?
        /// `label`: the title shown above the widget.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle
        /// `showIf`, `requiredIf`, `check` and `checkMessage` (docs/notify.md#rules).
        public var rules = Rules()
        /// `placeholder`: the prompt shown in the field's body before it is used.
        public var placeholder: String?
        /// `optional`: the user may skip the field; a skipped field is returned as `null`
        /// (docs/notify.md#optional-and-default).
        public var optional: Bool?

        /// The default `placeholder`.
        public static let defaultPlaceholder: String = "Take Photo"

        /// Creates a `camera` field.
        public init(id: String? = nil, label: String? = nil, labelStyle: LabelStyle = LabelStyle(),
                    placeholder: String? = nil, optional: Bool? = nil) {
            self.id = id
            self.label = label
            self.labelStyle = labelStyle
            self.placeholder = placeholder
            self.optional = optional
        }

        /// `placeholder`, or its default.
        public var resolvedPlaceholder: String { placeholder ?? Self.defaultPlaceholder }

        /// How the field must be answered (docs/notify.md#optional-and-default).
        public var requirement: Requirement { .of(default: nil, optional: optional) }

        static let shape = ObjectShape.field(
            "camera",
            "Takes a JPEG photo; the value is the uploaded document name (rcs/image/<uuid>.jpg).",
            id: .required, styled: true, [
            .init("placeholder", .string, "The prompt shown in the field's body before it is used."),
            .init("optional", .boolean, "The user may skip the field; a skipped field is returned as `null` (docs/notify.md#optional-and-default)."),
        ])

        init(reading members: JSONObject) {
            self.init(id: members.string("id"),
                      label: members.string("label"),
                      labelStyle: LabelStyle(reading: members),
                      placeholder: members.string("placeholder"),
                      optional: members.bool("optional"))
            rules = Rules(reading: members)
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "camera")
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            labelStyle.write(into: &writer)
            writer.set(name: "placeholder", placeholder)
            writer.set(name: "optional", optional)
            rules.write(into: &writer)
            return writer.json
        }
    }
}
