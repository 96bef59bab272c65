/// The answer to a screen-producing request: a fresh screen and the entries around it
/// (docs/protocol/packets.md#top-level-entries), in the new dialect.
public struct ResponsePacket: Sendable, Hashable {
    /// `rc`: `0` is success.
    public var rc: ReturnCode
    /// `token`: the session token; echoed in every answer.
    public var token: String?
    /// `version`: the server application's version; a change purges the phone's caches.
    public var version: AppVersion?
    /// `title`: the navigation-bar title.
    public var title: String?
    /// `background`: the window background.
    public var background: Colour?
    /// `id`: the page id; required with `disposition`.
    public var id: String?
    /// `disposition`: the page cache policy.
    public var disposition: Disposition?
    /// `setDefaults`: default styles, merged into the phone's.
    public var setDefaults: Defaults?
    /// `images`: the image manifest (or old folder).
    public var images: Images?
    /// `components`: the screen, top to bottom.
    public var components: [Component]
    /// `time`: Unix seconds when the server processed the data.
    public var time: Int?

    /// Creates a response.
    public init(rc: ReturnCode = .ok, token: String? = nil, version: AppVersion? = nil, title: String? = nil,
                background: Colour? = nil, id: String? = nil, disposition: Disposition? = nil,
                setDefaults: Defaults? = nil, images: Images? = nil, components: [Component] = [], time: Int? = nil) {
        self.rc = rc
        self.token = token
        self.version = version
        self.title = title
        self.background = background
        self.id = id
        self.disposition = disposition
        self.setDefaults = setDefaults
        self.images = images
        self.components = components
        self.time = time
    }

    static let shape = ObjectShape(name: "response", summary: "A screen: the answer to a method call.", properties: [
        .init("rc", ReturnCode.shape, required: true, "Return code: 0 is success; a string is a message for the user."),
        .init("token", .string, "Session token; echoed in every answer."),
        .init("version", AppVersion.shape, "Server application version; a change purges the phone's caches."),
        .init("title", .string, "Navigation-bar title."),
        .init("background", .colour, "Window background."),
        .init("id", .string, "Page id; required with disposition."),
        .init("disposition", Disposition.shape, "Page cache policy."),
        .init("setDefaults", .object("setDefaults"), "Default styles for later components."),
        .init("images", Images.shape, "Image manifest."),
        .init("components", .array(.component), required: true, "The screen, stacked top to bottom."),
        .init("time", .integer, "Unix time (seconds) when the server processed the data."),
    ])

    init?(reading reader: ObjectReader) {
        guard let rc = ReturnCode(reader[.rc]) else { return nil }
        self.init(rc: rc, token: reader.string(.token), version: AppVersion(reader[.version]),
                  title: reader.string(.title), background: reader.colour(.background), id: reader.string(.id),
                  disposition: Disposition(reader[.disposition]),
                  setDefaults: reader.object(.setDefaults).map(Defaults.init(reading:)),
                  images: Images(reading: reader[.images], at: reader.path.appending("images"), context: reader.context),
                  components: reader.components() ?? [], time: reader.int(.time))
    }

    /// The canonical JSON tree.
    public var json: JSONValue {
        var writer = ObjectWriter()
        writer.set(.rc, rc.json)
        writer.set(.token, token)
        writer.set(.version, version?.json)
        writer.set(.title, title)
        writer.set(.background, background)
        writer.set(.id, id)
        writer.set(.disposition, disposition?.json)
        writer.set(.setDefaults, setDefaults?.json)
        writer.set(.images, images?.json)
        writer.set(.components, components)
        writer.set(.time, time)
        return writer.json
    }
}
