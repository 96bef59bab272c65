import ArgumentParser
import Foundation
import Logging
import XpediteClient
import XpediteDemo
import XpediteSimulator

/// `xpedite demo`: a customer app on 50,000 generated customers, built with the server SDK.
struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the demo customer app and the browser simulator on http://127.0.0.1:PORT/.",
        discussion: """
            Sign-in (demo@xpedite.dev / demo1234), a slide-in menu, a list of 50,000 customers in SQLite (or PostgreSQL, see below) \
            paged 40 at a time with search, detail and edit screens, a quick-add dialog, a cached dashboard \
            and a permanent about page. The first run creates the database in the data directory and seeds \
            it; later runs reuse it, so edits persist (--reset seeds again). Sessions are kept there too. \
            Prometheus metrics are on /metrics, one log line per request goes to standard error. The server \
            binds 127.0.0.1 only; Ctrl-C stops it gracefully.

            The browser simulator, pointed at the app, is on http://127.0.0.1:PORT/ (the web app, \
            for a phone's browser: /app/, docs/phone-app.md); the Xpedite endpoint itself is /xpedite, for `xpedite client`, \
            curl or a phone.

            The notification API (docs/notify.md) is on /notify/v1, its data in DATA-DIR/notify. The API \
            key comes from --api-key or XPEDITE_API_KEY; without either, the first run generates one and \
            keeps it in DATA-DIR/api-key (mode 0600; --reset keeps it, delete the file for a new one). The \
            app signs in through the notification API's users, so demo@xpedite.dev can also log a device \
            in. Raising a customer's credit limit above €50,000 sends an approval payload to \
            demo@xpedite.dev (topic /demo/credit-approvals); Approve applies the limit, Reject keeps it.

            With --database (or XPEDITE_DATABASE_URL) the customers, the credit changes, the \
            notification API's stores and the sessions are kept in that PostgreSQL database instead \
            of DATA-DIR, so any number of demo servers on one database form one demo: the first to \
            start seeds the customers, the others wait and serve them; a session started on one goes \
            on through any other, and an approval answered through one is applied once \
            (docs/deploying.md). --reset empties the demo's and the notification tables and seeds \
            again. A database URL that cannot be read or a database that cannot be reached stops the \
            demo at start-up (exit 2).

            Examples:
              xpedite demo
              xpedite demo --database postgres://xpedite:secret@127.0.0.1:5432/xpedite
              xpedite demo --database postgres://xpedite:secret@127.0.0.1:5432/xpedite --port 8081
              xpedite demo --port 9000 --data-dir /tmp/xpedite-demo --reset
              xpedite demo --app-version 2        # phones purge their caches (version change)
            """
    )

    @Option(help: "The TCP port on 127.0.0.1.")
    var port: Int = 8080

    @Option(name: .customLong("data-dir"), help: "Where the database and sessions are kept (created if missing).")
    var dataDir: String = DemoConfiguration.defaultDataDirectory

    @Flag(help: "Delete the customers, users and notifications and seed them again (the API key is kept).")
    var reset = false

    @Option(name: .customLong("api-key"),
            help: "The notification API's key (default: $XPEDITE_API_KEY, else the one kept in the data directory).")
    var apiKey: String?

    @Option(name: .customLong("app-version"), help: "The app version sent to phones (a number or text).")
    var appVersion: String = "1"

    @Option(name: .customLong("customers"), help: .hidden)
    var customerCount: Int = 50_000

    @Option(name: .customLong("map-tiles"),
            help: "The notification app's map tiles, a URL template with {z}, {x}, {y} (default: $XPEDITE_MAP_TILES, else OpenStreetMap's).")
    var mapTiles: String?

    @OptionGroup(title: "Database (customers, credit changes, notification stores and sessions)")
    var database: DatabaseOption

    @OptionGroup(title: "Push providers")
    var push: PushOptions

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be between 1 and 65535.") }
        guard !appVersion.isEmpty else { throw ValidationError("--app-version must not be empty.") }
        guard customerCount >= 0 else { throw ValidationError("--customers must not be negative.") }
    }

    func run() async throws {
        var logger = Logger(label: "xpedite.demo")
        logger.logLevel = .info
        var configuration = DemoConfiguration(
            dataDirectory: URL(fileURLWithPath: dataDir, isDirectory: true).standardizedFileURL)
        configuration.port = port
        configuration.reset = reset
        configuration.appVersion = DemoConfiguration.appVersion(parsing: appVersion)
        configuration.customerCount = customerCount
        configuration.logger = logger
        let environmentKey = ProcessInfo.processInfo.environment["XPEDITE_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        configuration.apiKey = apiKey ?? environmentKey
        if let tiles = mapTiles ?? ProcessInfo.processInfo.environment["XPEDITE_MAP_TILES"].flatMap({ $0.isEmpty ? nil : $0 }) {
            configuration.mapTileURL = tiles
        }
        // The database first: a wrong URL or a database that is down stops the demo (exit 2)
        // before anything else is opened.
        try await database.connect(logger: logger) { postgres in
            var configuration = configuration
            configuration.postgres = postgres
            let providers = try await push.makeProviders(logger: logger)
            configuration.pushProviders = providers.byPlatform
            configuration.webPush = providers.webPush
            try await providers.closing { try await serve(configuration, providers: providers) }
        }
    }

    /// Opens the demo's data, mounts the simulator and serves until Ctrl-C.
    private func serve(_ configuration: DemoConfiguration, providers: PushProviders) async throws {
        var server = try await DemoServer.open(configuration, progress: SeedProgress().report)
        // The simulator talks to the endpoint over HTTP like a phone, so its requests are logged
        // and counted like any other, and the inspector's curl commands work as shown.
        guard let endpoint = URL(string: "http://127.0.0.1:\(port)/xpedite") else {
            throw ValidationError("--port \(port) does not make a URL.")
        }
        var simulatorConfiguration = SimulatorConfiguration(
            makeTransport: { HTTPTransport(url: endpoint) }, endpointURL: endpoint.absoluteString,
            notificationAppPath: "/notify/app/", webAppEndpoint: "/xpedite")
        // The demo's sign-in is XpediteNotify's user directory (DemoUsers): one sign-in for both.
        simulatorConfiguration.notificationUsersShared = true
        let simulator = try Simulator(configuration: simulatorConfiguration)
        server.mount { router in simulator.mount(on: router) }
        if let report = server.seedReport {
            let seconds = Double(report.duration.components.attoseconds) / 1e18 + Double(report.duration.components.seconds)
            write("Seeded \(report.count) customers in \(String(format: "%.2f", seconds)) s.\n")
        }
        let database = server.dataLocation
        let key = server.apiKey
        let keyArgument = apiKey == nil && key.source == .given ? "\"$XPEDITE_API_KEY\"" : key.value
        let keyOrigin = switch key.source {
        case .given: apiKey == nil ? "from XPEDITE_API_KEY" : "from --api-key"
        case .generated: "generated, kept in \(configuration.dataDirectory.appendingPathComponent(DemoAPIKey.fileName).path)"
        case .file: "kept in \(configuration.dataDirectory.appendingPathComponent(DemoAPIKey.fileName).path)"
        }
        let threshold = configuration.creditApprovalThresholdText
        let approver = configuration.approver
        try await server.run { bound in
            write("""
                Simulator on http://127.0.0.1:\(bound)/ (the web app, for a phone's browser: /app/)
                Xpedite demo on http://127.0.0.1:\(bound)/xpedite (metrics on /metrics)
                Sign in as \(DemoAccount.username) / \(DemoAccount.password)
                Notification API on http://127.0.0.1:\(bound)/notify/v1, API key \(keyOrigin)
                Credit limits above \(threshold) wait for \(approver) to approve them; follow the answers with
                  xpedite notify listen --server http://127.0.0.1:\(bound) --api-key \(keyArgument) --topic /demo/credit-approvals
                \(providers.summary) (docs/push.md)
                Data in \(database); press Ctrl-C to stop.

                """)
        }
        try server.close()
    }
}

/// Writes straight to the file descriptor: `print` is buffered when stdout is a pipe.
private func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}
