import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NIOCore
import Prometheus
import XpediteNotify
import XpeditePostgresSupport
import XpediteNotifyPostgres
import XpediteNotifySQLite

/// `xpedite notify serve`: the notification API (docs/notify-api.md) on its own.
struct NotifyServe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the notification API on http://HOST:PORT/notify/v1.",
        discussion: """
            Users, devices, messages, responses, webhooks and documents are kept in the data \
            directory (SQLite and files), so they survive a restart; with --database (or \
            XPEDITE_DATABASE_URL) they are kept in that PostgreSQL database instead, which any \
            number of servers can share (docs/deploying.md). A database URL that cannot be read or \
            a database that cannot be reached stops the server at start-up (exit 2). The API key comes from \
            --api-key or XPEDITE_API_KEY. Pushes go to APNs (iOS devices) and FCM (Android) when \
            they are configured (the --apns-… and --fcm-… options or their XPEDITE_… variables, \
            see docs/push.md) and are logged otherwise; a bad key or account stops the server at \
            start-up (exit 2). Metrics are on /metrics. Prints "listening on PORT" once ready \
            (with --port 0 the system picks the port). Ctrl-C stops it gracefully.

            Example:
              xpedite notify serve --data-dir /tmp/notify --port 8090 --api-key K
              xpedite notify serve --data-dir /tmp/notify --api-key K \
                --database postgres://xpedite:secret@127.0.0.1:5432/xpedite
              XPEDITE_APNS_KEY_FILE=AuthKey.p8 XPEDITE_APNS_KEY_ID=… XPEDITE_APNS_TEAM_ID=… \\
                XPEDITE_APNS_TOPIC=com.example.app xpedite notify serve --data-dir /tmp/notify --api-key K
            """
    )

    @Option(name: .customLong("data-dir"), help: "Where everything is stored (created if missing).")
    var dataDir: String

    @Option(help: "The TCP port.")
    var port: Int = 8090

    @Option(help: "The address to bind.")
    var host: String = "127.0.0.1"

    @Option(name: .customLong("api-key"), help: "The backend API key (default: $XPEDITE_API_KEY).")
    var apiKey: String?

    @Option(name: .customLong("bcrypt-cost"), help: "The bcrypt cost of password hashes (4…31).")
    var bcryptCost: UInt8 = 10

    @Option(name: .customLong("map-tiles"),
            help: "The notification app's map tiles, a URL template with {z}, {x}, {y} (default: $XPEDITE_MAP_TILES, else OpenStreetMap's).")
    var mapTiles: String?

    @Flag(name: .customLong("trust-forwarded-headers"),
          help: "Behind a proxy that sets X-Forwarded-Proto and X-Forwarded-For: believe them (the console's Secure cookie, its sign-in limits per client address).")
    var trustForwardedHeaders = false

    @Option(name: .customLong("delivery-lease"),
            help: "Seconds a delivery claimed by this server stays its own before another server on the database may take it over (a server that died); webhook attempts time out within half of it.")
    var deliveryLease: Int = 60

    @OptionGroup(title: "Database")
    var database: DatabaseOption

    @OptionGroup(title: "Push providers")
    var push: PushOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535.") }
        guard (4...31).contains(bcryptCost) else { throw ValidationError("--bcrypt-cost must be 4…31.") }
        guard (2...86_400).contains(deliveryLease) else { throw ValidationError("--delivery-lease must be 2…86400 seconds.") }
        guard resolvedAPIKey() != nil else { throw ValidationError("give --api-key or set XPEDITE_API_KEY.") }
    }

    func resolvedAPIKey() -> String? {
        let key = apiKey ?? ProcessInfo.processInfo.environment["XPEDITE_API_KEY"]
        return key?.isEmpty == false ? key : nil
    }

    func run() async throws {
        var logger = Logger(label: "xpedite.notify")
        logger.logLevel = .notice
        var configuration = NotifyConfiguration(dataDirectory: URL(fileURLWithPath: dataDir, isDirectory: true),
                                                apiKeys: [resolvedAPIKey() ?? ""])
        configuration.bcryptCost = bcryptCost
        configuration.logger = logger
        configuration.defaultPushProvider = LoggingPushProvider(logger: logger)
        configuration.console.trustsForwardedHeaders = trustForwardedHeaders
        Self.apply(lease: .seconds(deliveryLease), to: &configuration)
        if let tiles = mapTiles ?? ProcessInfo.processInfo.environment["XPEDITE_MAP_TILES"].flatMap({ $0.isEmpty ? nil : $0 }) {
            configuration.mapTileURL = tiles
        }
        let metrics = PrometheusCollectorRegistry()
        configuration.metricsFactory = PrometheusMetricsFactory(registry: metrics)
        // The database first: a wrong URL or a database that is down is found before anything
        // else is opened (the push providers' HTTP client must be closed once made).
        try await database.connect(logger: logger) { postgres in
            var configuration = configuration
            let store: any NotifyStore
            var shared: PostgresNotifyStore?
            if let postgres {
                let postgresStore = try await PostgresNotifyStore(database: postgres)
                // Every server's answers, messages and queued deliveries reach every server's
                // listeners and delivery engines through the database (LISTEN/NOTIFY).
                configuration.eventBus = PostgresEventBus(database: postgres)
                shared = postgresStore
                store = postgresStore
            } else {
                store = try SQLiteNotifyStore(directory: configuration.dataDirectory)
            }
            let providers = try await push.makeProviders(logger: logger)
            configuration.pushProviders = providers.byPlatform
            configuration.webPush = providers.webPush
            try await providers.closing {
                if let shared, configuration.webPush?.keyFile == nil {
                    // One VAPID key for every server on the database: the first server's wins
                    // (the one its data directory had, if any), so a browser subscribed through
                    // any server gets pushes any server signs.
                    do {
                        configuration.webPush?.key = try await shared.sharedVAPIDKey(
                            offering: VAPIDKey.existing(in: configuration.dataDirectory) ?? .generate())
                    } catch let error as PushConfigurationError {
                        var standardError = StandardError()
                        print("xpedite: push configuration: \(error)", to: &standardError)
                        throw ExitCode(2)
                    }
                }
                try await serve(configuration, store: store, providers: providers, metrics: metrics, logger: logger)
            }
        }
    }

    private func serve(_ configuration: NotifyConfiguration, store: any NotifyStore,
                       providers: PushProviders,
                       metrics: PrometheusCollectorRegistry, logger: Logger) async throws {
        let notifier = try Notifier(configuration: configuration, store: store)
        let services = notifier.services
        let router = Router()
        try notifier.mount(on: router)
        router.get("metrics") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
                     body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.emitToBuffer())))
        }
        let app = Application(router: router, configuration: .init(address: .hostname(host, port: port)),
                              services: services,
                              onServerRunning: { channel in
                                  FileHandle.standardOutput.write(Data("listening on \(channel.localAddress?.port ?? 0)\n".utf8))
                              },
                              logger: logger)
        logger.notice("\(providers.summary)")
        try await app.runService()
    }

    /// The lease of claimed deliveries (pushes and webhooks), and a webhook attempt's timeout
    /// within half of it, so an attempt ends before another server may take its row over (the
    /// push providers' own timeouts are shorter than the default lease).
    static func apply(lease: Duration, to configuration: inout NotifyConfiguration) {
        configuration.pushRetry.lease = lease
        configuration.webhookRetry.lease = lease
        configuration.webhookRetry.timeout = min(configuration.webhookRetry.timeout, lease / 2)
    }
}
