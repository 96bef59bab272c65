extension Component {
    /// `select`: a picker wheel over `options` sorted by key
    /// (docs/protocol/components/inputs.md#select). The old dialect's `multi` list with a `values`
    /// map is normalised to `multi` with an array `value`.
    public struct Select: Sendable, Hashable {
        /// The selection: one option key, or (with `multi`) a list of keys.
        public enum Value: Sendable, Hashable {
            /// One chosen option key.
            case single(String)
            /// The chosen option keys of an old `multi` select, sorted.
            case multiple([String])

            var json: JSONValue {
                switch self {
                case .single(let key): .string(key)
                case .multiple(let keys): .array(keys.map(JSONValue.string))
                }
            }
        }

        /// The `id`: names the component in error messages and guards against duplicates on a page.
        public var id: String?
        /// The `name`: the key of the field's value in `formdata`.
        public var name: String
        /// The `title`: the field's label.
        public var title: String?
        /// `{key: label}`; shown sorted by key.
        public var options: [String: String]
        /// The initial `value`.
        public var value: Value?
        /// Old dialect: several selections allowed.
        public var multi: Bool?
        /// Read-only control.
        public var disabled: Bool?
        /// The `size` dict: where the component sits and how big it is (docs/protocol/layout.md).
        public var size: SizeSpec?
        /// The `background` colour; transparent when absent.
        public var background: Colour?

        /// Creates a select.
        public init(id: String? = nil, name: String, title: String? = nil, options: [String: String],
                    value: Value? = nil, multi: Bool? = nil, disabled: Bool? = nil, size: SizeSpec? = nil,
                    background: Colour? = nil) {
            self.id = id
            self.name = name
            self.title = title
            self.options = options
            self.value = value
            self.multi = multi
            self.disabled = disabled
            self.size = size
            self.background = background
        }

        static let shape = ObjectShape.component("select", "A picker wheel.", [
            .init("name", .string, required: true, "Key of the value in formdata."),
            .init("title", .string, "The field's label."),
            .init("options", .map(.string), required: true, "{key: label}, sorted by key for display."),
            .init("value", .anyOf([.string, .array(.string)]), "The selected key (an array of keys with multi)."),
            .init("multi", .boolean, "Allow several selections (old dialect)."),
            .init("disabled", .boolean, "Read-only."),
        ])

        init(reading reader: ObjectReader) {
            let value: Value? = switch reader[.value] {
            case .string(let key)?: .single(key)
            case .array(let keys)?: .multiple(keys.compactMap(\.stringValue))
            default: nil
            }
            self.init(id: reader.string(.id), name: reader.string(.name) ?? "", title: reader.string(.title),
                      options: Options.read(reader.map(.options)), value: value, multi: reader.bool(.multi),
                      disabled: reader.bool(.disabled), size: reader.size(), background: reader.colour(.background))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "select")
            writer.set(.id, id)
            writer.set(.name, name)
            writer.set(.title, title)
            writer.set(.options, options.mapValues(JSONValue.string))
            writer.set(.value, value?.json)
            writer.set(.multi, multi)
            writer.set(.disabled, disabled)
            writer.set(.size, size)
            writer.set(.background, background)
            return writer.json
        }
    }
}
