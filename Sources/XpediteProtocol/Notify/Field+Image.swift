extension Field {
    /// `image` (docs/notify.md#field-types): shows a small inline image that opens a zoom and pan
    /// view; no value.
    public struct Image: Sendable, Hashable {
        /// `id`: optional; unique within `fields` when given.
        public var id: String?
        /// `label`: the title shown above the widget.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle
        /// `url`: the image to show.
        public var url: String


        /// Creates an `image` field.
        public init(id: String? = nil, label: String? = nil, labelStyle: LabelStyle = LabelStyle(), url: String) {
            self.id = id
            self.label = label
            self.labelStyle = labelStyle
            self.url = url
        }

        static let shape = ObjectShape.field(
            "image",
            "Shows a small inline image that opens a zoom and pan view; no value.",
            id: .optional, styled: true, [
            .init("url", .string, required: true, "The image to show."),
        ])

        init(reading members: JSONObject) {
            self.init(id: members.string("id"),
                      label: members.string("label"),
                      labelStyle: LabelStyle(reading: members),
                      url: members.string("url") ?? "")
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "image")
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            labelStyle.write(into: &writer)
            writer.set(name: "url", url)
            return writer.json
        }
    }
}
