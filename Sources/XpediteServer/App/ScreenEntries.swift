/// Top-level screen entries (docs/protocol/packets.md#top-level-entries,
/// docs/protocol/caching.md#the-page-cache) a route or the whole app gives the screens whose
/// handlers leave them out.
///
/// ```swift
/// app.on("help", screen: ScreenEntries(title: "Help", id: "help", disposition: .permanent)) { _ in
///     ResponsePacket(components: [.label(.init(text: "…"))])
/// }
/// ```
public struct ScreenEntries: Sendable, Hashable {
    /// `title`: the navigation-bar title.
    public var title: String?
    /// `background`: the window background.
    public var background: Colour?
    /// `id`: the page id, the key of the phone's page cache.
    public var id: String?
    /// `disposition`: how long the phone caches the page (requires `id`).
    public var disposition: Disposition?

    /// Creates screen entries.
    public init(title: String? = nil, background: Colour? = nil, id: String? = nil, disposition: Disposition? = nil) {
        self.title = title
        self.background = background
        self.id = id
        self.disposition = disposition
    }

    /// Fills the entries `packet` leaves out.
    func fill(_ packet: inout ResponsePacket) {
        if packet.title == nil { packet.title = title }
        if packet.background == nil { packet.background = background }
        if packet.id == nil { packet.id = id }
        if packet.disposition == nil { packet.disposition = disposition }
    }
}
