extension Component {
    /// `date`: a date picker; values are calendar dates `yyyy-MM-dd`
    /// (docs/protocol/components/inputs.md#date).
    public struct DatePicker: Sendable, Hashable {
        /// The `id`: names the component in error messages and guards against duplicates on a page.
        public var id: String?
        /// The `name`: the key of the field's value in `formdata`.
        public var name: String
        /// The `title`: the field's label.
        public var title: String?
        /// The initial date, `yyyy-MM-dd`; today when absent.
        public var value: String?
        /// The `size` dict: where the component sits and how big it is (docs/protocol/layout.md).
        public var size: SizeSpec?
        /// The `background` colour; transparent when absent.
        public var background: Colour?

        /// Creates a date picker.
        public init(id: String? = nil, name: String, title: String? = nil, value: String? = nil, size: SizeSpec? = nil,
                    background: Colour? = nil) {
            self.id = id
            self.name = name
            self.title = title
            self.value = value
            self.size = size
            self.background = background
        }

        static let shape = ObjectShape.component("date", "A date picker.", [
            .init("name", .string, required: true, "Key of the value in formdata."),
            .init("title", .string, "The field's label."),
            .init("value", .date, "Initial date, yyyy-MM-dd."),
        ])

        init(reading reader: ObjectReader) {
            self.init(id: reader.string(.id), name: reader.string(.name) ?? "", title: reader.string(.title),
                      value: reader.string(.value), size: reader.size(), background: reader.colour(.background))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "date")
            writer.set(.id, id)
            writer.set(.name, name)
            writer.set(.title, title)
            writer.set(.value, value)
            writer.set(.size, size)
            writer.set(.background, background)
            return writer.json
        }
    }
}
