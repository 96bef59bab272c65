extension Component {
    /// `label`: static text that wraps onto as many lines as it needs
    /// (docs/protocol/components/display.md#label).
    public struct Label: Sendable, Hashable {
        /// The `id`: names the component in error messages and guards against duplicates on a page.
        public var id: String?
        /// The `text`.
        public var text: String
        /// The text `color`; `setDefaults`, then the system label colour, when absent.
        public var color: Colour?
        /// The `font`: a font name or family (docs/protocol/values.md#fonts); `setDefaults` when
        /// absent.
        public var font: String?
        /// The `fontsize` in points; `setDefaults` when absent.
        public var fontsize: Double?
        /// The text alignment, `align`.
        public var align: Alignment?
        /// The `size` dict: where the component sits and how big it is (docs/protocol/layout.md).
        public var size: SizeSpec?
        /// The `background` colour; transparent when absent.
        public var background: Colour?

        /// Creates a label.
        public init(id: String? = nil, text: String, color: Colour? = nil, font: String? = nil, fontsize: Double? = nil,
                    align: Alignment? = nil, size: SizeSpec? = nil, background: Colour? = nil) {
            self.id = id
            self.text = text
            self.color = color
            self.font = font
            self.fontsize = fontsize
            self.align = align
            self.size = size
            self.background = background
        }

        static let shape = ObjectShape.component("label", "Static text.", [
            .init("text", .string, required: true, "Plain text; wraps onto as many lines as needed."),
        ] + TextStyle.properties)

        init(reading reader: ObjectReader) {
            let style = TextStyle(reading: reader)
            self.init(id: reader.string(.id), text: reader.string(.text) ?? "", color: style.color, font: style.font,
                      fontsize: style.fontsize, align: style.align, size: reader.size(),
                      background: reader.colour(.background))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "label")
            writer.set(.id, id)
            writer.set(.text, text)
            TextStyle(color: color, font: font, fontsize: fontsize, align: align).write(into: &writer)
            writer.set(.size, size)
            writer.set(.background, background)
            return writer.json
        }
    }
}
