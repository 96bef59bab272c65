import Foundation
import XpediteLayout
import XpediteProtocol

/// Everything an ``XpediteClient`` needs beyond its transport: where the caches live, the
/// screen, the device identity, the paging and image rules, the clock. Passed at init; there
/// are no globals.
public struct ClientConfiguration: Sendable {
    /// The directory of the on-disk caches (pages, navigation menus, images, the last version);
    /// `nil` keeps them in memory for the client's life.
    public var cacheDirectory: URL?
    /// The screen, as `setConnection` reports it (full-screen bounds,
    /// docs/protocol/packets.md#the-bounds-string).
    public var bounds: Bounds
    /// The identity sent in `setConnection`.
    public var device: DeviceIdentity
    /// `limit` of table data requests (docs/protocol/tables.md#the-data-request).
    public var pageLimit: Int
    /// How long a screen waits for its `critical` images before it is delivered without the
    /// missing ones (docs/protocol/caching.md#images).
    public var criticalImageTimeout: Duration
    /// The clock: page expiry (docs/protocol/caching.md#the-page-cache) and the default `date`
    /// value ("today", docs/protocol/components/inputs.md#date).
    public var clock: @Sendable () -> Date
    /// Downloads images.
    public var imageLoader: any ImageLoader
    /// The URL a relative image URL (or a relative images folder) is resolved against, as the
    /// endpoint's own URL (docs/protocol/packets.md#images): `/img/logo.png` from
    /// `https://my.app/xpedite` is `https://my.app/img/logo.png`. `nil` leaves relative URLs as
    /// they are (they then fail to load and show a placeholder).
    public var imageBaseURL: URL?
    /// The layout engine's configuration (safe area, text measurer, …).
    public var layout: LayoutConfiguration
    /// Whether each screen with component errors gets one alert listing them
    /// (docs/protocol/components/README.md#keys-every-component-has: "Debug builds also show one
    /// alert listing all problems on the screen"): components the lenient reader skipped or
    /// repaired, navigation stubs left out. Off by default, as in a release build; the simulator, a
    /// debug client, turns it on. The problems are in ``ScreenState/issues`` either way.
    public var reportsComponentErrors: Bool
    /// The appearance sent in `setConnection` (docs/protocol/packets.md#the-appearance), so that
    /// the server can answer with colours for it; `nil` sends none (the server answers light).
    public var appearance: Appearance?

    /// Creates a configuration.
    public init(cacheDirectory: URL? = nil, bounds: Bounds = Bounds(width: 393, height: 852),
                device: DeviceIdentity = DeviceIdentity(uuid: UUID().uuidString), pageLimit: Int = 40,
                criticalImageTimeout: Duration = .seconds(10), clock: @escaping @Sendable () -> Date = { Date() },
                imageLoader: any ImageLoader = HTTPImageLoader(), layout: LayoutConfiguration = LayoutConfiguration(),
                imageBaseURL: URL? = nil, reportsComponentErrors: Bool = false, appearance: Appearance? = nil) {
        self.cacheDirectory = cacheDirectory
        self.bounds = bounds
        self.device = device
        self.pageLimit = pageLimit
        self.criticalImageTimeout = criticalImageTimeout
        self.clock = clock
        self.imageLoader = imageLoader
        self.layout = layout
        self.imageBaseURL = imageBaseURL
        self.reportsComponentErrors = reportsComponentErrors
        self.appearance = appearance
    }
}
