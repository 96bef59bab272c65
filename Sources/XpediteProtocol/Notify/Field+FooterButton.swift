extension Field {
    /// `footerButton` (docs/notify.md#field-types): a submit button in the footer; its value
    /// becomes submitValue.
    public struct FooterButton: Sendable, Hashable {
        /// `id`: optional; unique within `fields` when given.
        public var id: String?
        /// `label`: the title shown above the widget.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle
        /// `buttonLabel`: the button's text.
        public var buttonLabel: String
        /// `value`: the number sent as `submitValue`; unique among the payload's buttons.
        public var value: Int


        /// Creates a `footerButton` field.
        public init(id: String? = nil, label: String? = nil, labelStyle: LabelStyle = LabelStyle(),
                    buttonLabel: String, value: Int) {
            self.id = id
            self.label = label
            self.labelStyle = labelStyle
            self.buttonLabel = buttonLabel
            self.value = value
        }

        static let shape = ObjectShape.field(
            "footerButton",
            "A submit button in the footer; its value becomes submitValue.",
            id: .optional, styled: true, [
            .init("buttonLabel", .string, required: true, "The button's text."),
            .init("value", .integer, required: true, "The number sent as `submitValue`; unique among the payload's buttons."),
        ])

        init(reading members: JSONObject) {
            self.init(id: members.string("id"),
                      label: members.string("label"),
                      labelStyle: LabelStyle(reading: members),
                      buttonLabel: members.string("buttonLabel") ?? "",
                      value: members.int("value") ?? 0)
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "footerButton")
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            labelStyle.write(into: &writer)
            writer.set(name: "buttonLabel", buttonLabel)
            writer.set(name: "value", value)
            return writer.json
        }
    }
}
