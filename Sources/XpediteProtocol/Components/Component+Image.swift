extension Component {
    /// `image`: a picture, by preloaded image `id`, by `url`, or (old dialect) by file `name`
    /// inside the old `images` folder (docs/protocol/components/display.md#image). Resolution
    /// order: id, url, name.
    public struct Image: Sendable, Hashable {
        /// The id of an image in the packet's `images` manifest.
        public var id: String?
        /// An image downloaded at render time.
        public var url: String?
        /// Old dialect: a file name in the `images` folder, kept when the folder is not in this packet.
        public var name: String?
        /// The `size` dict: where the component sits and how big it is (docs/protocol/layout.md).
        public var size: SizeSpec?
        /// The `background` colour; transparent when absent.
        public var background: Colour?

        /// Creates an image.
        public init(id: String? = nil, url: String? = nil, name: String? = nil, size: SizeSpec? = nil,
                    background: Colour? = nil) {
            self.id = id
            self.url = url
            self.name = name
            self.size = size
            self.background = background
        }

        static let shape = ObjectShape.component("image", "A picture.", [
            .init("id", .string, "The id of a preloaded image (images[].id)."),
            .init("url", .string, "An image downloaded at render time."),
            .init("name", .string, "Old dialect: a file name resolved against the old images folder."),
        ])

        init(reading reader: ObjectReader) {
            self.init(id: reader.string(.id), url: reader.string(.url), name: reader.string(.name),
                      size: reader.size(), background: reader.colour(.background))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "image")
            writer.set(.id, id)
            writer.set(.url, url)
            writer.set(.name, name)
            writer.set(.size, size)
            writer.set(.background, background)
            return writer.json
        }
    }
}
