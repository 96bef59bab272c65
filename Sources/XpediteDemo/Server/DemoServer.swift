import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import ServiceLifecycle
import XpediteServer

/// `xpedite demo`: the demo app with its database, sessions in SQLite, images, metrics and one
/// log line per request, on 127.0.0.1.
///
/// ```swift
/// var server = try await DemoServer.open(configuration)        // migrates, seeds on the first run
/// server.mount { router in simulator.mount(on: router) }        // more routes at "/"
/// try await server.run(server: .http1WebSocketUpgrade(webSocketRouter: simulator.webSocketRouter()))
/// ```
public struct DemoServer: Sendable {
    /// A function that adds routes to the demo's router.
    public typealias Routes = @Sendable (Router<XpediteRequestContext>) throws -> Void

    /// What the server was opened with.
    public let configuration: DemoConfiguration
    /// Customers and users.
    public let database: DemoDatabase
    /// The sessions, kept across restarts.
    public let sessions: SQLiteSessionStore
    /// Who may sign in.
    public let accounts: any DemoAccounts
    /// What opening seeded: `nil` when the data was already there.
    public let seedReport: SeedReport?

    private var extraRoutes: [Routes] = []
    private var extraServices: [any Service] = []

    /// Opens the data directory: migrates `demo.sqlite`, seeds it on the first run (or with
    /// `reset`), makes sure the demo account exists, and opens `sessions.sqlite`.
    ///
    /// - Parameters:
    ///   - accounts: the user store; ``DatabaseAccounts`` in the demo database when `nil`.
    ///   - progress: called with (rows written, total) while seeding.
    public static func open(_ configuration: DemoConfiguration, accounts: (any DemoAccounts)? = nil,
                            progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> DemoServer {
        let database = try DemoDatabase(directory: configuration.dataDirectory)
        let report: SeedReport?
        if configuration.reset {
            report = try await database.reset(count: configuration.customerCount, progress: progress)
        } else {
            report = try await database.seedIfEmpty(count: configuration.customerCount, progress: progress)
        }
        let users: any DemoAccounts
        if let accounts {
            users = accounts
        } else {
            users = try await DatabaseAccounts(database: database, cost: configuration.passwordCost)
        }
        if try await !users.contains(username: DemoAccount.username) {
            try await users.register(username: DemoAccount.username, displayName: DemoAccount.displayName,
                                     password: DemoAccount.password)
        }
        let sessions = try SQLiteSessionStore(directory: configuration.dataDirectory)
        return DemoServer(configuration: configuration, database: database, sessions: sessions, accounts: users,
                          seedReport: report)
    }

    private init(configuration: DemoConfiguration, database: DemoDatabase, sessions: SQLiteSessionStore,
                 accounts: any DemoAccounts, seedReport: SeedReport?) {
        self.configuration = configuration
        self.database = database
        self.sessions = sessions
        self.accounts = accounts
        self.seedReport = seedReport
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
        xpedite.exportPrometheus()
        return try DemoApp.make(configuration: xpedite, database: database, accounts: accounts,
                                baseURL: configuration.baseURL)
    }

    /// The router: request logging, the endpoint, metrics, images, and the mounted routes.
    /// - Returns: the router and the services the application must run.
    public func makeRouter() throws -> (router: Router<XpediteRequestContext>, services: [any Service]) {
        let app = try makeApp()
        let router = Router(context: XpediteRequestContext.self)
        router.add(middleware: LogRequestsMiddleware(.info))
        try app.mount(on: router)
        DemoImageRoutes(store: CustomerStore(database: database)).add(to: router)
        for routes in extraRoutes { try routes(router) }
        return (router, app.services + extraServices)
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
    /// - Parameter server: the HTTP server (see ``makeApplication(server:onServerRunning:)``).
    public func run(server: HTTPServerBuilder = .http1(),
                    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await makeApplication(server: server, onServerRunning: onServerRunning).runService()
    }

    /// Closes both databases.
    public func close() throws {
        try sessions.close()
        try database.close()
    }
}
