/// One image of the new-dialect `images` manifest.
public struct ImageEntry: Sendable, Hashable {
    /// When the phone downloads the image.
    public enum Load: String, Sendable, Hashable, CaseIterable {
        /// Before the screen renders.
        case critical
        /// After rendering (the default).
        case background
    }

    /// The name components use (`image.id`, `implementation.image`, `menuEntry.icon`).
    public var id: String
    /// Where to download it.
    public var url: String
    /// `load`: when the phone downloads the image; `background` when absent.
    public var load: Load?

    /// Creates a manifest entry.
    public init(id: String, url: String, load: Load? = nil) {
        self.id = id
        self.url = url
        self.load = load
    }

    static let shape = ObjectShape(name: "image", displayName: "images entry", expectation: "an images entry {\"id\", \"url\"}", summary: "An image of the manifest.", properties: [
        .init("id", .string, required: true, "Name components use to refer to the image."),
        .init("url", .string, required: true, "Where to download it (HTTPS)."),
        .init("load", .oneOf(Load.allCases.map(\.rawValue)), "critical: before rendering; background (default): after."),
    ])

    init?(reading reader: ObjectReader) {
        guard let id = reader.string(.id), let url = reader.string(.url) else { return nil }
        self.init(id: id, url: url, load: reader.enum(.load))
    }

    var json: JSONValue {
        var writer = ObjectWriter()
        writer.set(.id, id)
        writer.set(.url, url)
        writer.set(.load, load)
        return writer.json
    }
}
