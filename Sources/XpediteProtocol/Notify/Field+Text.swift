extension Field {
    /// `text` (docs/notify.md#field-types): shows only its label, styled; no value.
    public struct Text: Sendable, Hashable {
        /// `id`: optional; unique within `fields` when given.
        public var id: String?
        /// `label`: the text shown.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle


        /// Creates a `text` field.
        public init(id: String? = nil, label: String? = nil, labelStyle: LabelStyle = LabelStyle()) {
            self.id = id
            self.label = label
            self.labelStyle = labelStyle
        }

        static let shape = ObjectShape.field(
            "text",
            "Shows only its label, styled; no value.",
            id: .optional, styled: true, [
        ])

        init(reading members: JSONObject) {
            self.init(id: members.string("id"),
                      label: members.string("label"),
                      labelStyle: LabelStyle(reading: members))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "text")
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            labelStyle.write(into: &writer)
            return writer.json
        }
    }
}
