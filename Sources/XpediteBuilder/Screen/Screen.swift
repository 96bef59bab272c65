import XpediteProtocol

/// A screen: builds the `ResponsePacket` a method handler answers with
/// (docs/protocol/packets.md#top-level-entries), from a title, modifiers for the top-level entries,
/// and the components.
///
/// ```swift
/// let screen = Screen(title: "Customers") {
///     Navigation.menu(id: "main") { MenuEntry("Customers", .call("listCustomers")) }
///     Label("Hello")
///     Button("Refresh", .call("listCustomers"))
/// }
/// .background(.rgb(0xF5F5F5))
/// .cached(id: "customer-list", .expiry(seconds: 3600))
///
/// let packet = try screen.validated()   // runs PacketValidator; throws ScreenValidationError
/// ```
///
/// `rc` is `0` unless ``returnCode(_:)`` says otherwise. A page is cached only through
/// ``cached(id:_:)``, which takes the page id with the disposition, so a disposition without
/// an id cannot be written.
public struct Screen: Sendable, Hashable {
    /// The packet built so far.
    public private(set) var packet: ResponsePacket

    /// A screen with a navigation-bar `title` and its components, top to bottom.
    public init(title: String? = nil, @ScreenBuilder content: () -> [Component]) {
        packet = ResponsePacket(title: title, components: content())
    }

    /// The canonical JSON tree of the packet.
    public var json: JSONValue { packet.json }

    private func with(_ change: (inout ResponsePacket) -> Void) -> Screen {
        var copy = self
        change(&copy.packet)
        return copy
    }

    /// Sets `rc`: `.code(n)` for an error code, `.message("…")` for a message the phone shows.
    public func returnCode(_ rc: ReturnCode) -> Screen {
        with { $0.rc = rc }
    }

    /// Sets the session `token`.
    public func token(_ token: String?) -> Screen {
        with { $0.token = token }
    }

    /// Sets the application `version`; a change purges the phone's caches
    /// (docs/protocol/versions.md#the-servers-version).
    public func version(_ version: AppVersion?) -> Screen {
        with { $0.version = version }
    }

    /// Sets the application `version` to a number: `.version(3)`.
    public func version(_ version: Int) -> Screen {
        with { $0.version = .number(Double(version)) }
    }

    /// Sets the application `version` to a string: `.version("P1.213")`.
    public func version(_ version: String) -> Screen {
        with { $0.version = .string(version) }
    }

    /// Sets the navigation-bar `title`.
    public func title(_ title: String?) -> Screen {
        with { $0.title = title }
    }

    /// Sets the window `background`.
    public func background(_ colour: Colour?) -> Screen {
        with { $0.background = colour }
    }

    /// Sets the page `id` without caching the page.
    public func page(id: String) -> Screen {
        with { $0.id = id }
    }

    /// Caches the page on the phone under the page `id` (docs/protocol/caching.md#the-page-cache):
    /// `.permanent`, or `.expiry(seconds:)` with a positive number of seconds.
    public func cached(id: String, _ disposition: Disposition) -> Screen {
        with {
            $0.id = id
            $0.disposition = disposition
        }
    }

    /// Sets `setDefaults`, merged key by key into the phone's defaults
    /// (docs/protocol/packets.md#setdefaults).
    public func defaults(_ defaults: Defaults?) -> Screen {
        with { $0.setDefaults = defaults }
    }

    /// Sets `setDefaults` from the values given; keys left `nil` are not sent.
    ///
    /// - Parameters:
    ///   - font: the default font of every component that draws text.
    ///   - fontSize: the default font size in points.
    ///   - color: the default text colour.
    ///   - background: the default window background of screens without their own.
    public func defaults(font: String? = nil, fontSize: Double? = nil, color: Colour? = nil,
                         background: Colour? = nil) -> Screen {
        defaults(Defaults(font: font.map { .set($0) }, fontsize: fontSize.map { .set($0) },
                          color: color.map { .set($0) }, background: background.map { .set($0) }))
    }

    /// Adds images to the `images` manifest (docs/protocol/packets.md#images); components refer to
    /// them by id.
    ///
    /// ```swift
    /// .images(ImageEntry(id: "logo", url: "https://my.app/images/logo.png", load: .critical))
    /// ```
    public func images(_ entries: ImageEntry...) -> Screen {
        images(entries)
    }

    /// Adds images to the `images` manifest (docs/protocol/packets.md#images); components refer to
    /// them by id.
    public func images(_ entries: [ImageEntry]) -> Screen {
        with { packet in
            var manifest: [ImageEntry] = []
            if case .manifest(let existing)? = packet.images { manifest = existing }
            packet.images = .manifest(manifest + entries)
        }
    }

    /// Sets `time`: the Unix time in seconds when the server processed the data.
    public func time(_ seconds: Int?) -> Screen {
        with { $0.time = seconds }
    }
}
