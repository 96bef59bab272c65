extension Component {
    /// `web`: a web view showing a URL, an HTML string, or HTML fetched dynamically
    /// (docs/protocol/components/display.md#web). Precedence: `web` > `content` > `data`.
    public struct Web: Sendable, Hashable {
        /// The `id`: names the component in error messages and guards against duplicates on a page.
        public var id: String?
        /// The URL to load.
        public var web: String?
        /// An HTML string (old `data.html` is normalised to this).
        public var content: String?
        /// Old dialect: HTML fetched from a server function.
        public var data: DynamicSource?
        /// The `size` dict: where the component sits and how big it is (docs/protocol/layout.md).
        public var size: SizeSpec?
        /// The `background` colour; transparent when absent.
        public var background: Colour?

        /// Creates a web view.
        public init(id: String? = nil, web: String? = nil, content: String? = nil, data: DynamicSource? = nil,
                    size: SizeSpec? = nil, background: Colour? = nil) {
            self.id = id
            self.web = web
            self.content = content
            self.data = data
            self.size = size
            self.background = background
        }

        static let shape = ObjectShape.component("web", "An HTML or URL view.", [
            .init("web", .string, "URL to load."),
            .init("content", .string, "HTML string."),
            .init("data", .object("dynamic"), "HTML fetched from a server function."),
        ])

        init(reading reader: ObjectReader) {
            self.init(id: reader.string(.id), web: reader.string(.web), content: reader.string(.content),
                      data: reader.object(.data).flatMap(DynamicSource.init(reading:)), size: reader.size(),
                      background: reader.colour(.background))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "web")
            writer.set(.id, id)
            writer.set(.web, web)
            writer.set(.content, content)
            writer.set(.data, data?.json)
            writer.set(.size, size)
            writer.set(.background, background)
            return writer.json
        }
    }
}
