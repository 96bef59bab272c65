extension Field {
    /// `sectionLabel` (docs/notify.md#field-types): a section heading in a predefined style;
    /// ignores the label styling properties; no value.
    public struct SectionLabel: Sendable, Hashable {
        /// `id`: optional; unique within `fields` when given.
        public var id: String?
        /// `label`: the text shown.
        public var label: String?


        /// Creates a `sectionLabel` field.
        public init(id: String? = nil, label: String? = nil) {
            self.id = id
            self.label = label
        }

        static let shape = ObjectShape.field(
            "sectionLabel",
            "A section heading in a predefined style; ignores the label styling properties; no value.",
            id: .optional, styled: false, [
        ])

        init(reading members: JSONObject) {
            self.init(id: members.string("id"),
                      label: members.string("label"))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "sectionLabel")
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            return writer.json
        }
    }
}
