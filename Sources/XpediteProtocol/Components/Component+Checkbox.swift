extension Component {
    /// `checkbox`: a boolean toggle; its value travels as `"1"` or `"0"`
    /// (docs/protocol/components/inputs.md#checkbox).
    public struct Checkbox: Sendable, Hashable {
        /// The `id`: names the component in error messages and guards against duplicates on a page.
        public var id: String?
        /// The `name`: the key of the field's value in `formdata`.
        public var name: String
        /// The label next to the switch.
        public var title: String?
        /// The initial state; unchecked when absent. Old `true`/`false` values are normalised.
        public var value: Bool?
        /// The `size` dict: where the component sits and how big it is (docs/protocol/layout.md).
        public var size: SizeSpec?
        /// The `background` colour; transparent when absent.
        public var background: Colour?

        /// Creates a checkbox.
        public init(id: String? = nil, name: String, title: String? = nil, value: Bool? = nil, size: SizeSpec? = nil,
                    background: Colour? = nil) {
            self.id = id
            self.name = name
            self.title = title
            self.value = value
            self.size = size
            self.background = background
        }

        static let shape = ObjectShape.component("checkbox", "A boolean toggle.", [
            .init("name", .string, required: true, "Key of the value in formdata."),
            .init("title", .string, "Label next to the switch."),
            .init("value", .oneOf(["1", "0"]), "Initial state: \"1\" checked, \"0\" unchecked."),
        ])

        init(reading reader: ObjectReader) {
            self.init(id: reader.string(.id), name: reader.string(.name) ?? "", title: reader.string(.title),
                      value: reader.string(.value).flatMap { $0 == "1" ? true : $0 == "0" ? false : nil },
                      size: reader.size(), background: reader.colour(.background))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "checkbox")
            writer.set(.id, id)
            writer.set(.name, name)
            writer.set(.title, title)
            writer.set(.value, value.map { $0 ? "1" : "0" })
            writer.set(.size, size)
            writer.set(.background, background)
            return writer.json
        }
    }
}
