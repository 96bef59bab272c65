import AsyncHTTPClient
import Foundation
import Logging
import Metrics
import XpediteBarcode

/// Everything a ``Notifier`` is configured with, passed in at init (no globals).
///
/// ```swift
/// var configuration = NotifyConfiguration(dataDirectory: URL(filePath: ".xpedite/notify"), apiKeys: [key])
/// configuration.pushProviders["ios"] = myAPNsProvider               // XpeditePush's APNsProvider, or your own
/// let notifier = try Notifier(configuration: configuration,
///                             store: SQLiteNotifyStore(directory: configuration.dataDirectory))  // import XpediteNotifySQLite
/// ```
public struct NotifyConfiguration: Sendable {
    /// The backend API keys (docs/notify-api.md#conventions): `Authorization: Bearer <key>` on the
    /// docs/notify-api.md routes.
    public var apiKeys: [String]
    /// Where the SQLite database (`notify.sqlite`) and the uploaded documents live.
    public var dataDirectory: URL
    /// The largest JSON body a route reads (bytes); a larger one is refused with 413.
    public var maximumBodySize: Int = 1 << 20
    /// The largest document a device may upload (bytes, default 10 MiB); larger ones get 413.
    public var maximumDocumentSize: Int = 10 << 20
    /// The libraries `POST /device/barcode` loads (decision 180); when one is missing the route
    /// answers 503 and everything else works.
    public var barcodeLibraries: BarcodeLibraries = .system
    /// The largest picture `POST /device/barcode` decodes, in pixels (width × height; 422 above).
    public var maximumBarcodePixels: Int = 40_000_000
    /// The bcrypt cost of password hashes (4…31). Tests lower it; each step doubles the time.
    public var bcryptCost: UInt8 = 10
    /// The clock of timestamps (`sentAt`, `receivedAt`, webhook retries).
    public var now: @Sendable () -> Date = { Date() }
    /// Where the notifier logs.
    public var logger: Logger = Logger(label: "xpedite.notify")
    /// The push provider of each device platform (`ios`, `android`, `web`).
    public var pushProviders: [String: any PushProvider] = [:]
    /// The provider of a platform with none in ``pushProviders``.
    public var defaultPushProvider: any PushProvider
    /// Web Push for browsers (platform `web`, XpeditePush's `WebPushConfiguration`); `nil` (the
    /// default) leaves it off, and `web` devices get ``pushProviders``' or the default provider.
    public var webPush: (any WebPushSetup)?
    /// How pushes are retried: 1 s to 1 h, given up after 24 h (docs/push.md).
    public var pushRetry: DeliveryRetryPolicy = DeliveryRetryPolicy()
    /// How webhooks are retried: until a 2xx.
    public var webhookRetry: DeliveryRetryPolicy = .webhooks
    /// Where delivery counts, latencies and outbox depths go (no-op by default); never the
    /// global `MetricsSystem`.
    public var metricsFactory: any MetricsFactory = NOOPMetricsHandler.instance
    /// How often an open Server-Sent Events stream sends a keep-alive comment.
    public var eventStreamHeartbeat: Duration = .seconds(15)
    /// The events an open Server-Sent Events stream may fall behind by (1,024): a client that
    /// reads more slowly is disconnected instead of having them kept without bound; it reconnects
    /// with `Last-Event-ID` and a topic stream replays what it missed (decision 0541).
    public var eventStreamBufferLimit: Int = 1024
    /// How many payloads the answer route keeps read and with their rules compiled (256), the
    /// least recently answered making way, so that answers to one message or start request do not
    /// parse its payload again (decision 0555).
    public var answeredPayloadCacheLimit: Int = 256
    /// The most bytes of stored payload text those payloads may have, all together (8 MiB); a
    /// payload kept read takes a few times its text.
    public var answeredPayloadCacheBytes: Int = 8 << 20
    /// How often expired messages (`expiresAt` passed) are withdrawn (1 s).
    public var expirySweepInterval: Duration = .seconds(1)
    /// The HTTP client of webhook deliveries; `nil` uses `HTTPClient.shared`.
    public var httpClient: HTTPClient?
    /// The tiles a map uses unless configured otherwise (``mapTileURL``): OpenStreetMap's.
    public static let defaultMapTileURL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
    /// The map tiles of the notification app's `map` fields (`/notify/app/`), a Leaflet URL
    /// template with `{z}`, `{x}` and `{y}`; when no tile answers, the app draws a coordinate grid.
    public var mapTileURL: String = NotifyConfiguration.defaultMapTileURL
    /// The console's sessions and sign-in limits (`/notify/console/`, docs/console.md).
    public var console = ConsoleConfiguration()

    /// How answers, sent messages and queued deliveries reach the listeners and delivery engines
    /// of this server and of every other server on the store: in this process by default
    /// (``InProcessEventBus``, one server); XpediteNotifyPostgres' `PostgresEventBus` on a
    /// PostgreSQL database shared by several servers.
    public var eventBus: any NotifyEventBus = InProcessEventBus()

    /// A configuration with defaults: pushes are logged (``LoggingPushProvider``).
    public init(dataDirectory: URL, apiKeys: [String]) {
        self.dataDirectory = dataDirectory
        self.apiKeys = apiKeys
        self.defaultPushProvider = LoggingPushProvider(logger: Logger(label: "xpedite.notify.push"))
    }

    /// The provider that delivers to a device of `platform`.
    func pushProvider(for platform: String) -> any PushProvider {
        pushProviders[platform] ?? defaultPushProvider
    }

    /// Every configured provider, the default first, then by platform.
    var allPushProviders: [any PushProvider] {
        [defaultPushProvider] + pushProviders.sorted { $0.key < $1.key }.map(\.value)
    }
}
