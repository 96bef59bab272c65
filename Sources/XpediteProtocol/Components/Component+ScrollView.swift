extension Component {
    /// `scrollview`: a scrolling container for `components` (new dialect), or a read-only
    /// scrolling text (old `text`) (PROTOCOL.md §4.13). With both, `components` wins.
    public struct ScrollView: Sendable, Hashable {
        public var id: String?
        public var components: [Component]?
        /// Old dialect: read-only text.
        public var text: String?
        public var size: SizeSpec?
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
