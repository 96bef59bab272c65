extension Component {
    /// `scrollview`: a scrolling container for `components` (new dialect), or a read-only scrolling
    /// text (old `text`) (docs/protocol/components/display.md#scrollview). With both, `components`
    /// wins.
    public struct ScrollView: Sendable, Hashable {
        /// The `id`: names the component in error messages and guards against duplicates on a page.
        public var id: String?
        /// The nested `components`.
        public var components: [Component]?
        /// Old dialect: read-only text.
        public var text: String?
        /// The `size` dict: where the component sits and how big it is (docs/protocol/layout.md).
        public var size: SizeSpec?
        /// The `background` colour; transparent when absent.
        public var background: Colour?

        /// Creates a scroll view.
        public init(id: String? = nil, components: [Component]? = nil, text: String? = nil, size: SizeSpec? = nil,
                    background: Colour? = nil) {
            self.id = id
            self.components = components
            self.text = text
            self.size = size
            self.background = background
        }

        static let shape = ObjectShape.component("scrollview", "A scrolling area.", [
            .init("components", .array(.component), "The scrolled components."),
            .init("text", .string, "Old dialect: read-only scrolling text."),
        ])

        init(reading reader: ObjectReader) {
            self.init(id: reader.string(.id), components: reader.components(), text: reader.string(.text),
                      size: reader.size(), background: reader.colour(.background))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "scrollview")
            writer.set(.id, id)
            writer.set(.components, components)
            writer.set(.text, text)
            writer.set(.size, size)
            writer.set(.background, background)
            return writer.json
        }
    }
}
