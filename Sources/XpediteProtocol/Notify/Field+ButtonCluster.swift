extension Field {
    /// `buttonCluster` (docs/notify.md#field-types): a set of inline submit buttons; the clicked
    /// button's `value` becomes the response's `submitValue`. Needs no `id`.
    public struct ButtonCluster: Sendable, Hashable {
        /// One button of the cluster.
        public struct Button: Sendable, Hashable {
            /// The button's text.
            public var label: String
            /// The number sent as `submitValue`; unique among the payload's buttons.
            public var value: Int

            /// Creates a button.
            public init(label: String, value: Int) {
                self.label = label
                self.value = value
            }

            static let shape = ObjectShape(
                name: "notify.button", displayName: "button", expectation: "a button {label, value}",
                summary: "One button of a buttonCluster.",
                properties: [
                    .init("label", .string, required: true, "The button's text."),
                    .init("value", .integer, required: true, "The number sent as submitValue; unique among the payload's buttons."),
                ])

            var json: JSONValue { .object(["label": .string(label), "value": .number(Double(value))]) }
        }

        /// `id`: optional; unique within `fields` when given.
        public var id: String?
        /// `label`: the title shown above the buttons.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle
        /// `values`: the buttons, in order.
        public var values: [Button]

        /// Creates a `buttonCluster` field.
        public init(id: String? = nil, label: String? = nil, labelStyle: LabelStyle = LabelStyle(), values: [Button]) {
            self.id = id
            self.label = label
            self.labelStyle = labelStyle
            self.values = values
        }

        static let shape = ObjectShape.field(
            "buttonCluster",
            "Inline submit buttons (not supported on iOS by Vantiq); the clicked value becomes submitValue.",
            id: .optional, styled: true, [
            .init("values", .array(.object("notify.button")), required: true, "The buttons: [{label, value}]."),
        ])

        init(reading members: JSONObject) {
            let buttons = (members["values"]?.arrayValue ?? []).compactMap { element -> Button? in
                guard let object = element.objectValue, let value = object.int("value") else { return nil }
                return Button(label: object.string("label") ?? "", value: value)
            }
            self.init(id: members.string("id"), label: members.string("label"), labelStyle: LabelStyle(reading: members),
                      values: buttons)
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "buttonCluster")
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            labelStyle.write(into: &writer)
            writer.set(name: "values", JSONValue.array(values.map(\.json)))
            return writer.json
        }
    }
}
