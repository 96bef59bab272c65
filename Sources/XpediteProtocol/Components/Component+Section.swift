extension Component {
    /// `section`: without `components` a header row inside a form (new dialect); with them a box
    /// around its children (old dialect) (docs/protocol/components/containers.md#section).
    public struct Section: Sendable, Hashable {
        /// The `id`: names the component in error messages and guards against duplicates on a page.
        public var id: String?
        /// The `title`: the field's label.
        public var title: String?
        /// The boxed children; `nil` for a header row.
        public var components: [Component]?
        /// The `size` dict: where the component sits and how big it is (docs/protocol/layout.md).
        public var size: SizeSpec?
        /// The `background` colour; transparent when absent.
        public var background: Colour?

        /// Creates a section.
        public init(id: String? = nil, title: String? = nil, components: [Component]? = nil, size: SizeSpec? = nil,
                    background: Colour? = nil) {
            self.id = id
            self.title = title
            self.components = components
            self.size = size
            self.background = background
        }

        /// Whether this is the old box around children rather than a header row.
        public var isBox: Bool { components != nil }

        static let shape = ObjectShape.component("section", "A header row in a form, or a box around components.", [
            .init("title", .string, "Header text, or the box's caption."),
            .init("components", .array(.component), "Old dialect: the boxed components."),
        ])

        init(reading reader: ObjectReader) {
            self.init(id: reader.string(.id), title: reader.string(.title), components: reader.components(),
                      size: reader.size(), background: reader.colour(.background))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "section")
            writer.set(.id, id)
            writer.set(.title, title)
            writer.set(.components, components)
            writer.set(.size, size)
            writer.set(.background, background)
            return writer.json
        }
    }
}
