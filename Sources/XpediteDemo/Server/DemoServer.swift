import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import Prometheus
import ServiceLifecycle
import XpediteNotify
import XpediteServerPostgres
import XpediteNotifyPostgres
import XpediteServer
import XpediteServerSQLite
import XpediteNotifySQLite

/// `xpedite demo`: the demo app with its database, sessions in SQLite (or PostgreSQL), images,
/// metrics, one log line per request, and the notification API (XpediteNotify, under
/// `/notify/v1`; its stores in SQLite or PostgreSQL), on 127.0.0.1. The customers and credit
/// changes are in `demo.sqlite`, or in the PostgreSQL database with everything else, so any number
/// of demo servers on one database form one demo (docs/deploying.md).
///
/// ```swift
/// var server = try await DemoServer.open(configuration)        // migrates, seeds on the first run
/// server.mount { router in simulator.mount(on: router) }        // more routes at "/"
/// try await server.run()
/// ```
public struct DemoServer: Sendable {
    /// A function that adds routes to the demo's router.
    public typealias Routes = @Sendable (Router<XpediteRequestContext>) throws -> Void

    /// What the server was opened with.
    public let configuration: DemoConfiguration
    /// Customers and credit changes: ``DemoDatabase`` (SQLite) or ``PostgresDemoStore``.
    let store: any DemoStore
    /// The sessions, kept across restarts (`sessions.sqlite`, or PostgreSQL).
    public let sessions: any SessionStore
    /// The notification server: the user directory the sign-in uses, and the approval payloads.
    public let notifier: Notifier
    /// The notification API's key and where it came from.
    public let apiKey: DemoAPIKey
    /// What opening seeded: `nil` when the data was already there.
    public let seedReport: SeedReport?
    /// The metrics of the endpoint and of the notification server's deliveries, served at `/metrics`.
    public let metrics: PrometheusCollectorRegistry

    /// The SQLite stores this server opened, closed by ``close()`` (none on PostgreSQL: the
    /// database belongs to whoever connected it).
    private let sqliteStores: (sessions: SQLiteSessionStore?, notify: SQLiteNotifyStore?)
    private var extraRoutes: [Routes] = []
    private var extraServices: [any Service] = []

    /// The folder of the notification API's data inside the data directory.
    public static let notifyFolder = "notify"

    /// Opens the data directory: resolves the API key, migrates `demo.sqlite` and seeds it on the
    /// first run (or with `reset`, which also clears `notify/`), opens the notification store,
    /// makes sure the demo account exists there, and opens `sessions.sqlite`. With
    /// ``DemoConfiguration/postgres`` the customers, the credit changes, the notification stores
    /// and the sessions are all in that database instead (migrated; seeded by whichever server
    /// gets there first, the others wait and find the customers there; `reset` empties the demo's
    /// and the notification tables).
    ///
    /// - Parameters:
    ///   - configuration: the data directory, the seed, the API key, the clock and the logger.
    ///   - progress: called with (rows written, total) while seeding.
    public static func open(_ configuration: DemoConfiguration,
                            progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> DemoServer {
        let directory = configuration.dataDirectory
        let apiKey = try DemoAPIKey.resolve(given: configuration.apiKey, directory: directory)
        let demoStore: any DemoStore
        if let postgres = configuration.postgres {
            demoStore = try await PostgresDemoStore(database: postgres)
        } else {
            demoStore = try DemoDatabase(directory: directory)
        }
        let notifyDirectory = directory.appendingPathComponent(notifyFolder, isDirectory: true)
        let report: SeedReport?
        if configuration.reset {
            if FileManager.default.fileExists(atPath: notifyDirectory.path) {
                try FileManager.default.removeItem(at: notifyDirectory)
            }
            report = try await demoStore.reset(count: configuration.customerCount, progress: progress)
        } else {
            report = try await demoStore.seedIfEmpty(count: configuration.customerCount, progress: progress)
        }
        let notifyStore: any NotifyStore
        var sqliteNotify: SQLiteNotifyStore?
        var sharedStore: PostgresNotifyStore?
        if let postgres = configuration.postgres {
            let store = try await PostgresNotifyStore(database: postgres)
            if configuration.reset { try await store.deleteEverything() }
            notifyStore = store
            sharedStore = store
        } else {
            let store = try SQLiteNotifyStore(directory: notifyDirectory)
            sqliteNotify = store
            notifyStore = store
        }
        var notify = NotifyConfiguration(dataDirectory: notifyDirectory, apiKeys: [apiKey.value])
        notify.bcryptCost = configuration.passwordCost
        notify.logger = configuration.logger
        notify.defaultPushProvider = LoggingPushProvider(logger: configuration.logger)
        notify.pushProviders = configuration.pushProviders
        notify.webPush = configuration.webPush
        if let sharedStore, notify.webPush != nil, notify.webPush?.keyFile == nil {
            // One VAPID key for every server on the database: the first server's wins (the one
            // its data directory had, if any), so a browser subscribed through any server gets
            // pushes any server signs.
            notify.webPush?.key = try await sharedStore.sharedVAPIDKey(
                offering: VAPIDKey.existing(in: notifyDirectory) ?? .generate())
        }
        notify.mapTileURL = configuration.mapTileURL
        notify.now = configuration.clock
        let metrics = PrometheusCollectorRegistry()
        notify.metricsFactory = PrometheusMetricsFactory(registry: metrics)
        // On PostgreSQL every server's answers, messages and queued deliveries reach every
        // server's listeners and delivery engines through the database.
        if let postgres = configuration.postgres { notify.eventBus = PostgresEventBus(database: postgres) }
        let notifier = try Notifier(configuration: notify, store: notifyStore)
        try await DemoUsers(notifier: notifier).ensureDemoAccount()
        let sessions: any SessionStore
        var sqliteSessions: SQLiteSessionStore?
        if let postgres = configuration.postgres {
            sessions = try await PostgresSessionStore(database: postgres)
        } else {
            let store = try SQLiteSessionStore(directory: directory)
            sqliteSessions = store
            sessions = store
        }
        return DemoServer(configuration: configuration, store: demoStore, sessions: sessions, notifier: notifier,
                          sqliteStores: (sqliteSessions, sqliteNotify), apiKey: apiKey, seedReport: report,
                          metrics: metrics)
    }

    private init(configuration: DemoConfiguration, store: any DemoStore, sessions: any SessionStore,
                 notifier: Notifier, sqliteStores: (sessions: SQLiteSessionStore?, notify: SQLiteNotifyStore?),
                 apiKey: DemoAPIKey, seedReport: SeedReport?,
                 metrics: PrometheusCollectorRegistry) {
        self.metrics = metrics
        self.configuration = configuration
        self.store = store
        self.sessions = sessions
        self.notifier = notifier
        self.sqliteStores = sqliteStores
        self.apiKey = apiKey
        self.seedReport = seedReport
    }

    /// Sends approval payloads and applies their answers; a service of the application.
    var approvals: CreditApprovals {
        CreditApprovals(notifier: notifier, changes: store,
                        approver: configuration.approver, threshold: configuration.creditApprovalThreshold,
                        logger: configuration.logger, clock: configuration.clock)
    }

    /// Adds routes (at `/` or anywhere else) and the services they need — e.g. the browser
    /// simulator — next to the app's `/xpedite`, `/metrics` and `/images`. They start and stop
    /// with the server.
    public mutating func mount(services: [any Service] = [], _ routes: @escaping Routes) {
        extraRoutes.append(routes)
        extraServices += services
    }

    /// The Xpedite app with the demo's SDK configuration (sessions, version, metrics, logger).
    public func makeApp() throws -> XpediteApp {
        var xpedite = XpediteConfiguration()
        xpedite.sessionStore = sessions
        xpedite.version = configuration.appVersion
        xpedite.logger = configuration.logger
        xpedite.clock = configuration.clock
        xpedite.exportPrometheus(metrics)
        return try DemoApp.make(configuration: xpedite, store: store, users: DemoUsers(notifier: notifier),
                                approvals: approvals, baseURL: configuration.baseURL)
    }

    /// The router: request logging, the endpoint, metrics, images, the notification API and the
    /// mounted routes.
    /// - Returns: the router and the services the application must run: the SDK's, the
    ///   notifier's (webhooks), the approval listener, and the mounted ones.
    public func makeRouter() throws -> (router: Router<XpediteRequestContext>, services: [any Service]) {
        let app = try makeApp()
        let router = Router(context: XpediteRequestContext.self)
        router.add(middleware: LogRequestsMiddleware(.info))
        try app.mount(on: router)
        DemoImageRoutes(store: store).add(to: router)
        try notifier.mount(on: router)
        for routes in extraRoutes { try routes(router) }
        return (router, app.services + notifier.services + [approvals] + extraServices)
    }

    /// The Hummingbird application on 127.0.0.1 and the configured port.
    ///
    /// - Parameters:
    ///   - server: the HTTP server; HTTP/1.1 by default, or one that also upgrades to WebSockets
    ///     for mounted routes that need them (the browser simulator's `.http1WebSocketUpgrade`).
    ///   - onServerRunning: called with the bound port once connections are accepted.
    public func makeApplication(server: HTTPServerBuilder = .http1(),
                                onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in })
        throws -> some ApplicationProtocol
    {
        let (router, services) = try makeRouter()
        let port = configuration.port
        return Application(
            router: router,
            server: server,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: nil),
            services: services,
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: configuration.logger)
    }

    /// Serves until SIGINT or SIGTERM, then shuts down gracefully (swift-service-lifecycle).
    ///
    /// - Parameters:
    ///   - server: the HTTP server (see ``makeApplication(server:onServerRunning:)``).
    ///   - onServerRunning: called with the port once the server listens.
    public func run(server: HTTPServerBuilder = .http1(),
                    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await makeApplication(server: server, onServerRunning: onServerRunning).runService()
    }

    /// Where the customers are, for people: the path of `demo.sqlite`, or the PostgreSQL
    /// database's URL without its password.
    public var dataLocation: String { store.location }

    /// Closes the SQLite databases (a PostgreSQL database is closed by whoever connected it).
    public func close() throws {
        try sqliteStores.sessions?.close()
        try sqliteStores.notify?.close()
        try store.close()
    }
}
