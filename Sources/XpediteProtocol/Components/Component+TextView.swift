extension Component {
    /// `textview`: a multi-line text input (docs/protocol/components/inputs.md#textview).
    public struct TextView: Sendable, Hashable {
        /// The `id`: names the component in error messages and guards against duplicates on a page.
        public var id: String?
        /// The `name`: the key of the field's value in `formdata`.
        public var name: String
        /// The `title`: the field's label.
        public var title: String?
        /// The `placeholder`, shown while the field is empty.
        public var placeholder: String?
        /// The initial `value`.
        public var value: String?
        /// Initial height in points; 100 when absent.
        public var initialHeight: Double?
        /// The text `color`; `setDefaults`, then the system label colour, when absent.
        public var color: Colour?
        /// The `font`: a font name or family (docs/protocol/values.md#fonts); `setDefaults` when
        /// absent.
        public var font: String?
        /// The `fontsize` in points; `setDefaults` when absent.
        public var fontsize: Double?
        /// The `size` dict: where the component sits and how big it is (docs/protocol/layout.md).
        public var size: SizeSpec?
        /// The `background` colour; transparent when absent.
        public var background: Colour?

        /// Creates a text view.
        public init(id: String? = nil, name: String, title: String? = nil, placeholder: String? = nil,
                    value: String? = nil, initialHeight: Double? = nil, color: Colour? = nil, font: String? = nil,
                    fontsize: Double? = nil, size: SizeSpec? = nil, background: Colour? = nil) {
            self.id = id
            self.name = name
            self.title = title
            self.placeholder = placeholder
            self.value = value
            self.initialHeight = initialHeight
            self.color = color
            self.font = font
            self.fontsize = fontsize
            self.size = size
            self.background = background
        }

        static let shape = ObjectShape.component("textview", "A multi-line text input.", [
            .init("name", .string, required: true, "Key of the value in formdata."),
            .init("title", .string, "The field's label."),
            .init("placeholder", .string, "Shown while the field is empty."),
            .init("value", .string, "Initial value."),
            .init("initialHeight", .boundedNumber(minimum: 0, maximum: nil, exclusiveMinimum: false),
                  "Initial height in points (default 100)."),
        ] + TextStyle.properties.filter { $0.key != "align" })

        init(reading reader: ObjectReader) {
            self.init(id: reader.string(.id), name: reader.string(.name) ?? "", title: reader.string(.title),
                      placeholder: reader.string(.placeholder), value: reader.string(.value),
                      initialHeight: reader.number(.initialHeight), color: reader.colour(.color),
                      font: reader.string(.font), fontsize: reader.number(.fontsize), size: reader.size(),
                      background: reader.colour(.background))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "textview")
            writer.set(.id, id)
            writer.set(.name, name)
            writer.set(.title, title)
            writer.set(.placeholder, placeholder)
            writer.set(.value, value)
            writer.set(.initialHeight, initialHeight)
            writer.set(.color, color)
            writer.set(.font, font)
            writer.set(.fontsize, fontsize)
            writer.set(.size, size)
            writer.set(.background, background)
            return writer.json
        }
    }
}
