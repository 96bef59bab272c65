// swift-tools-version: 6.2
import PackageDescription

/// Settings shared by every target of the project: Swift 6 language mode (strict concurrency)
/// and warnings treated as errors, so a warning never lands.
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "Xpedite",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "XpediteProtocol", targets: ["XpediteProtocol"]),
        .library(name: "XpediteLayout", targets: ["XpediteLayout"]),
        .library(name: "XpediteBuilder", targets: ["XpediteBuilder"]),
        .library(name: "XpediteServer", targets: ["XpediteServer"]),
        .library(name: "XpediteClient", targets: ["XpediteClient"]),
        .library(name: "XpediteDemo", targets: ["XpediteDemo"]),
        .library(name: "XpediteNotify", targets: ["XpediteNotify"]),
        // The push providers (APNs, FCM, Web Push) a server wires into its notifier (decision 0530).
        .library(name: "XpeditePush", targets: ["XpeditePush"]),
        .library(name: "XpediteNotifyClient", targets: ["XpediteNotifyClient"]),
        .library(name: "XpediteSimulator", targets: ["XpediteSimulator"]),
        .library(name: "XpediteWebApp", targets: ["XpediteWebApp"]),
        // The notification app's and the console's files, which XpediteNotify serves (decision 0560).
        .library(name: "XpediteNotifyWeb", targets: ["XpediteNotifyWeb"]),
        // The stores by product and database: a screen server links only the server's stores, a
        // notification server only the notification stores (decision 0375).
        .library(name: "XpediteServerSQLite", targets: ["XpediteServerSQLite"]),
        .library(name: "XpediteNotifySQLite", targets: ["XpediteNotifySQLite"]),
        .library(name: "XpediteServerPostgres", targets: ["XpediteServerPostgres", "XpeditePostgresSupport"]),
        .library(name: "XpediteNotifyPostgres", targets: ["XpediteNotifyPostgres", "XpeditePostgresSupport"]),
        .executable(name: "xpedite", targets: ["xpedite"]),
        // Test tooling, not part of the product (decision 0379): the APNs, FCM and Web Push
        // stand-ins, a product only so the Benchmarks package can run them. No shipped target
        // depends on it; its name says so.
        .library(name: "xpedite-testing", targets: ["XpeditePushStandIns"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // TLS settings of the push providers' HTTP client (trust roots) and of the push stand-ins.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // Already in the graph (Hummingbird's HTTP/2, AsyncHTTPClient); named for the APNs stand-in's
        // lean HTTP/2 server (test code, decision 310).
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        // gzip of the served static files (XpediteStaticFiles): zlib itself, no second compression
        // library (decision 0356).
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        // Tests only: child processes without Foundation's `Process` (decision 138). Its default
        // trait (Foundation conveniences) is off. swift-system (already in the graph, through
        // swift-nio and swift-subprocess) is named for the paths and descriptors it takes.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2", traits: []),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // PostgreSQL, the shared store of several servers (issue 18): the Postgres store targets only.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // The typed client of the notification API, generated from openapi/notify-v1.yaml
        // (scripts/generate-notify-client; the generated code is committed, no build plugin).
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Documentation only: `swift package generate-documentation` (DocC). A command plugin,
        // built only when the command runs, never by `swift build`.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "XpediteProtocol",
            swiftSettings: strict
        ),
        .target(
            name: "XpediteLayout",
            dependencies: ["XpediteProtocol"],
            swiftSettings: strict
        ),
        .target(
            name: "XpediteBuilder",
            dependencies: ["XpediteProtocol"],
            swiftSettings: strict
        ),
        .target(
            name: "XpediteServer",
            dependencies: [
                "XpediteProtocol",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "XpediteClient",
            dependencies: [
                "XpediteProtocol",
                "XpediteLayout",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict
        ),
        // Folders of files served from memory with ETag, Last-Modified, Cache-Control, 304 and
        // gzip: the notification app and the simulator's scripts (decision 0356).
        .target(
            name: "XpediteStaticFiles",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // The browser simulator: XpediteClient's state rendered as HTML, served by Hummingbird.
        .target(
            name: "XpediteSimulator",
            dependencies: [
                "XpediteStaticFiles",
                "XpediteClient",
                "XpediteLayout",
                "XpediteProtocol",
                "XpediteWebApp",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            resources: [.copy("Resources/static")],
            swiftSettings: strict
        ),
        // The web app (issue 26): the engine, layout and renderer in plain ES modules, the page,
        // the service worker and the manifest, as resources with a small type that loads them
        // (docs/phone-app.md). The JavaScript is checked by scripts/test-web.
        .target(
            name: "XpediteWebApp",
            dependencies: [
                "XpediteStaticFiles",
            ],
            resources: [.copy("Resources/web")],
            swiftSettings: strict
        ),
        // The notification app and the operators' console (decision 0560): their HTML, CSS and ES
        // modules (and the vendored Leaflet) as resources, with the two small types that load them;
        // the app also serves the web app's expression modules (decision 0460). No HTTP routes:
        // XpediteNotify mounts them. The JavaScript is checked by scripts/test-web.
        .target(
            name: "XpediteNotifyWeb",
            dependencies: [
                "XpediteStaticFiles",
                "XpediteWebApp",
            ],
            resources: [.copy("Resources/app"), .copy("Resources/console")],
            swiftSettings: strict
        ),
        // ZBar, TurboJPEG and libpng loaded with dlopen (decision 180): no -dev package at build
        // time, and a machine without the libraries still builds and runs everything else.
        .target(
            name: "CXpediteBarcode",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // Barcodes in JPEG and PNG pictures through the C shim, on NIO's thread pool; knows nothing
        // of HTTP or of the notifier, which answers its errors (decision 0531).
        .target(
            name: "XpediteBarcode",
            dependencies: [
                "CXpediteBarcode",
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // The domain, the delivery engines and the HTTP API of notifications. Push providers are
        // behind `PushProvider` and `WebPushSetup` (XpeditePush implements them, decision 0530).
        .target(
            name: "XpediteNotify",
            dependencies: [
                "XpediteProtocol",
                "XpediteStaticFiles",
                // The files of the notification app and of the console, which it serves (decision 0560).
                "XpediteNotifyWeb",
                "XpediteBarcode",
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Hummingbird", package: "hummingbird"),
                // Webhook deliveries.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        // The push providers (APNs over its own HTTP/2 connections or AsyncHTTPClient, FCM, Web
        // Push), their tokens, TLS and settings (decision 0530): the CLI and the tests make them and
        // put them in the notifier's configuration.
        .target(
            name: "XpeditePush",
            dependencies: [
                "XpediteNotify",
                "XpediteProtocol",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // The notification API's typed client for backends in Swift: the code swift-openapi-generator
        // made from openapi/notify-v1.yaml (Generated/, committed) and its AsyncHTTPClient transport.
        .target(
            name: "XpediteNotifyClient",
            dependencies: [
                "XpediteProtocol",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "XpediteDemo",
            dependencies: [
                "XpediteServer",
                "XpediteBuilder",
                "XpediteProtocol",
                "XpediteNotify",
                "XpediteServerSQLite",
                "XpediteNotifySQLite",
                "XpeditePostgresSupport",
                "XpediteServerPostgres",
                "XpediteNotifyPostgres",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "xpedite",
            dependencies: [
                "XpediteProtocol",
                "XpediteLayout",
                "XpediteClient",
                "XpediteServer",
                "XpediteDemo",
                "XpediteNotify",
                "XpeditePush",
                "XpediteNotifySQLite",
                "XpeditePostgresSupport",
                "XpediteNotifyPostgres",
                "XpediteNotifyClient",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                "XpediteSimulator",
                "XpediteBuilder",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // The screen server's stores on SQLite (GRDB), the default that needs nothing: sessions and
        // keyset paging. XpediteServer does not import it; it does not import XpediteNotify.
        .target(
            name: "XpediteServerSQLite",
            dependencies: [
                "XpediteServer",
                "XpediteProtocol",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // The notification stores on SQLite (GRDB). XpediteNotify does not import it.
        .target(
            name: "XpediteNotifySQLite",
            dependencies: [
                "XpediteNotify",
                "XpediteProtocol",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // What the PostgreSQL stores share (postgres-nio's `PostgresClient`): the database and its
        // URL, the migrations runner, the statements prepared at run time, LISTEN/NOTIFY. Neither
        // XpediteServer nor XpediteNotify.
        .target(
            name: "XpeditePostgresSupport",
            dependencies: [
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        // The screen server's stores on PostgreSQL, for several servers on one database (issue 18):
        // sessions and keyset paging.
        .target(
            name: "XpediteServerPostgres",
            dependencies: [
                "XpediteServer",
                "XpeditePostgresSupport",
                "XpediteProtocol",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // The notification stores on PostgreSQL, and the relays between the servers of one database.
        .target(
            name: "XpediteNotifyPostgres",
            dependencies: [
                "XpediteNotify",
                "XpeditePostgresSupport",
                "XpediteProtocol",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        // The throwaway PostgreSQL of a test run (scripts/test starts it, XPEDITE_TEST_DATABASE_URL
        // names it): one database per test. Tests only.
        .target(
            name: "XpeditePostgresTesting",
            dependencies: [
                "XpeditePostgresSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/XpeditePostgresTesting",
            swiftSettings: strict
        ),
        // Reading the language-neutral fixtures under Tests/Fixtures, shared by the test targets.
        .target(
            name: "XpediteTestFixtures",
            dependencies: ["XpediteProtocol", "XpediteLayout"],
            path: "Tests/XpediteTestFixtures",
            swiftSettings: strict
        ),
        // Running child processes (a command to completion, or a server for the length of a test),
        // shared by the test targets that start programs. Tests only: no library or executable
        // depends on swift-subprocess.
        .target(
            name: "XpediteTestProcesses",
            dependencies: [
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Tests/XpediteTestProcesses",
            swiftSettings: strict
        ),
        // What several test targets share and must not copy: the log capture.
        .target(
            name: "XpediteTestSupport",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            path: "Tests/XpediteTestSupport",
            swiftSettings: strict
        ),
        // The notification tests' shared pieces: the notifier configuration of the tests, the
        // request to /notify/v1 through a test client, the sample payloads and documents, the
        // webhook receiver.
        .target(
            name: "XpediteNotifyTestSupport",
            dependencies: [
                "XpediteNotify",
                "XpediteProtocol",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Tests/XpediteNotifyTestSupport",
            swiftSettings: strict
        ),
        // The databases the store conformance suite runs on (SQLite, and PostgreSQL when the run has
        // a server): a third database is one more `DatabaseUnderTest` and one line in
        // `TestedDatabase.all` (decision 0377). Tests only.
        .target(
            name: "XpediteStoreTesting",
            dependencies: [
                "XpediteServer",
                "XpediteNotify",
                "XpediteServerSQLite",
                "XpediteNotifySQLite",
                "XpeditePostgresSupport",
                "XpediteServerPostgres",
                "XpediteNotifyPostgres",
                "XpeditePostgresTesting",
                "XpediteTestFixtures",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Tests/XpediteStoreTesting",
            swiftSettings: strict
        ),
        // Stand-ins for APNs and FCM (TLS, HTTP/2) that check requests as the real services do,
        // for the push tests and the benchmarks. Tests only: never part of the product.
        .target(
            name: "XpeditePushStandIns",
            dependencies: [
                "XpediteNotify",
                "XpeditePush",
                "XpediteProtocol",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Tests/XpeditePushStandIns",
            swiftSettings: strict
        ),
        .testTarget(
            name: "XpeditePushTests",
            dependencies: [
                "XpediteNotify",
                "XpeditePush",
                "XpediteNotifySQLite",
                // The expiry tests run on every database.
                "XpediteStoreTesting",
                "XpediteProtocol",
                "XpeditePushStandIns",
                "XpediteTestFixtures",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                // The scripted HTTP/2 server of the APNs HTTP/2 sender's tests (a dropped connection, GOAWAY).
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
            ],
            swiftSettings: strict
        ),
        // The same cases on every store of every database (decision 0377): sessions, notification
        // stores, keyset sources.
        .testTarget(
            name: "XpediteStoreConformanceTests",
            dependencies: [
                "XpediteStoreTesting",
                "XpediteServer",
                "XpediteNotify",
                "XpediteProtocol",
                "XpediteTestFixtures",
                "XpediteTestSupport",
                "XpediteNotifyTestSupport",
            ],
            swiftSettings: strict
        ),
        // The PostgreSQL database: URLs, start-up errors, migrations (issue 18).
        .testTarget(
            name: "XpeditePostgresTests",
            dependencies: [
                "XpeditePostgresSupport",
                "XpediteServerPostgres",
                "XpediteServer",
                "XpeditePostgresTesting",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "XpediteProtocolTests",
            dependencies: ["XpediteProtocol", "XpediteTestFixtures"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "XpediteBuilderTests",
            dependencies: ["XpediteBuilder", "XpediteProtocol", "XpediteTestProcesses"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "XpediteServerTests",
            dependencies: [
                "XpediteServer",
                "XpediteBuilder",
                "XpediteTestFixtures",
                "XpediteTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                // The session store and table tests run on every database (issue 18, decision 0377).
                "XpediteStoreTesting",
                "XpediteServerSQLite",
                "XpeditePostgresSupport",
                "XpediteServerPostgres",
                "XpeditePostgresTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                "XpediteProtocol",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "XpediteDemoTests",
            dependencies: [
                "XpediteDemo",
                "XpediteServer",
                "XpediteNotify",
                "XpeditePush",
                "XpediteTestFixtures",
                "XpeditePushStandIns",
                "XpediteTestSupport",
                "XpediteNotifyTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                // The demo's store tests and the two-server tests on PostgreSQL (issue 18).
                "XpeditePostgresSupport",
                "XpediteServerPostgres",
                "XpediteNotifyPostgres",
                "XpeditePostgresTesting",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "XpediteCLITests",
            dependencies: [
                "xpedite", "XpediteProtocol", "XpediteLayout", "XpediteTestFixtures", "XpediteTestProcesses",
                "XpeditePushStandIns", "XpeditePostgresSupport", "XpediteNotifyPostgres", "XpeditePostgresTesting",
                "XpediteNotifyTestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            // The stdlib Python server the tests run by its path (#filePath), not a resource.
            exclude: ["ClientServer/old_dialect_server.py"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "XpediteNotifyTests",
            dependencies: [
                "XpediteNotify",
                // The app's files and their policy, which the route tests compare answers with.
                "XpediteNotifyWeb",
                // Web Push switched on as a server does (WebPushConfiguration); the barcode libraries.
                "XpeditePush",
                "XpediteBarcode",
                "XpediteNotifySQLite",
                "XpeditePostgresSupport",
                "XpediteNotifyPostgres",
                "XpeditePostgresTesting",
                "XpediteStoreTesting",
                "XpediteNotifyClient",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Crypto", package: "swift-crypto"),
                "XpediteProtocol",
                "XpediteTestFixtures",
                "XpediteNotifyTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "XpediteClientTests",
            dependencies: ["XpediteClient", "XpediteServer", "XpediteBuilder", "XpediteProtocol", "XpediteLayout",
                           "XpediteTestFixtures"],
            swiftSettings: strict
        ),
        // The device side of notifications (XpediteClient) against a real notifier.
        .testTarget(
            name: "XpediteDeviceTests",
            dependencies: [
                "XpediteClient", "XpediteNotify", "XpediteNotifySQLite", "XpediteProtocol", "XpediteTestFixtures",
                "XpediteNotifyTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "XpediteSimulatorTests",
            dependencies: [
                "XpediteSimulator", "XpediteClient", "XpediteLayout", "XpediteProtocol",
                "XpediteServer", "XpediteBuilder", "XpediteTestFixtures", "XpediteWebApp",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "XpediteLayoutTests",
            dependencies: ["XpediteLayout", "XpediteProtocol", "XpediteTestFixtures"],
            swiftSettings: strict
        ),
    ]
)
