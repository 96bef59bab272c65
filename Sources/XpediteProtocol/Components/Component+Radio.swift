extension Component {
    /// `radio`: a vertical group of radio buttons over `options` sorted by key
    /// (docs/protocol/components/inputs.md#radio).
    public struct Radio: Sendable, Hashable {
        /// The `id`: names the component in error messages and guards against duplicates on a page.
        public var id: String?
        /// The `name`: the key of the field's value in `formdata`.
        public var name: String
        /// The `title`: the field's label.
        public var title: String?
        /// The `options`, `{key: label}`, shown sorted by key.
        public var options: [String: String]
        /// The selected key; none selected when absent.
        public var value: String?
        /// The `size` dict: where the component sits and how big it is (docs/protocol/layout.md).
        public var size: SizeSpec?
        /// The `background` colour; transparent when absent.
        public var background: Colour?

        /// Creates a radio group.
        public init(id: String? = nil, name: String, title: String? = nil, options: [String: String],
                    value: String? = nil, size: SizeSpec? = nil, background: Colour? = nil) {
            self.id = id
            self.name = name
            self.title = title
            self.options = options
            self.value = value
            self.size = size
            self.background = background
        }

        static let shape = ObjectShape.component("radio", "A vertical group of radio buttons.", [
            .init("name", .string, required: true, "Key of the value in formdata."),
            .init("title", .string, "Group label."),
            .init("options", .map(.string), required: true, "{key: label}, sorted by key for display."),
            .init("value", .string, "The selected key."),
        ])

        init(reading reader: ObjectReader) {
            self.init(id: reader.string(.id), name: reader.string(.name) ?? "", title: reader.string(.title),
                      options: Options.read(reader.map(.options)), value: reader.string(.value),
                      size: reader.size(), background: reader.colour(.background))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "radio")
            writer.set(.id, id)
            writer.set(.name, name)
            writer.set(.title, title)
            writer.set(.options, options.mapValues(JSONValue.string))
            writer.set(.value, value)
            writer.set(.size, size)
            writer.set(.background, background)
            return writer.json
        }
    }
}
