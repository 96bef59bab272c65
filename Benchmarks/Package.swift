// swift-tools-version: 6.2
import PackageDescription

// The benchmarks live in a package of their own so the project's own build and tests never
// compile the benchmark harness. Run them with `scripts/bench` (writes BENCHMARKS.md) or
// `swift package --package-path Benchmarks benchmark`.
/// The main package's identity: SwiftPM names a path dependency after its folder ("main" in the
/// main checkout, something else in another clone or worktree).
let main = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "main").lowercased()

let package = Package(
    name: "XpediteBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Already in the main package's graph; named for PushFanOut (the stand-in's key, its services).
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // Already in the main package's graph; named for BenchServer's naive baselines (issue 18).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // Already in the main package's graph; named for MultiServerBench (its command line, and the
        // event-stream decoder its subscriber reads `GET /notify/v1/events` with).
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
    ],
    targets: [
        .target(
            name: "BenchmarkScreens",
            dependencies: [.product(name: "XpediteProtocol", package: main)],
            path: "Sources/BenchmarkScreens"
        ),
        .executableTarget(
            name: "instruction-counts",
            dependencies: [
                "BenchmarkScreens",
                .product(name: "XpediteProtocol", package: main),
                .product(name: "XpediteLayout", package: main),
            ],
            path: "Sources/InstructionCounts"
        ),
        // The load test's server (`scripts/bench --load`, `--notify-load`): static bytes, a naive
        // Codable server, the Xpedite endpoint, the demo and the notification API side by side, for wrk.
        .executableTarget(
            name: "BenchServer",
            dependencies: [
                .product(name: "XpediteServer", package: main),
                .product(name: "XpediteServerSQLite", package: main),
                .product(name: "XpediteNotifySQLite", package: main),
                .product(name: "XpediteServerPostgres", package: main),
                .product(name: "XpediteDemo", package: main),
                .product(name: "XpediteNotify", package: main),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Sources/BenchServer"
        ),
        // The push fan-out benchmark (`scripts/bench --push`): `PushFanOut stand-in` runs the APNs
        // stand-in in a process of its own; `PushFanOut bench` runs the notifier over HTTP against it
        // and prints one JSON object per measurement.
        .executableTarget(
            name: "PushFanOut",
            dependencies: [
                .product(name: "XpediteNotify", package: main),
                .product(name: "XpeditePush", package: main),
                .product(name: "XpediteNotifySQLite", package: main),
                .product(name: "XpediteProtocol", package: main),
                .product(name: "xpedite-testing", package: main),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Sources/PushFanOut",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Two demo servers on one PostgreSQL (`scripts/bench --multi`, issue 18): `prepare` makes the
        // users, devices and messages whose (message, user) pairs wrk answers; `latency` measures a
        // response posted on one server until its Server-Sent Event arrives from another.
        .executableTarget(
            name: "MultiServerBench",
            dependencies: [
                .product(name: "XpediteNotifyClient", package: main),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Sources/MultiServerBench",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "BuilderBenchmarks",
            dependencies: [
                .product(name: "XpediteProtocol", package: main),
                .product(name: "XpediteBuilder", package: main),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/BuilderBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ServerBenchmarks",
            dependencies: [
                .product(name: "XpediteServer", package: main),
                .product(name: "XpediteServerSQLite", package: main),
                .product(name: "XpediteBuilder", package: main),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ServerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "DemoBenchmarks",
            dependencies: [
                .product(name: "XpediteServer", package: main),
                .product(name: "XpediteDemo", package: main),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/DemoBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "NotifyBenchmarks",
            dependencies: [
                .product(name: "XpediteNotify", package: main),
                .product(name: "XpediteNotifySQLite", package: main),
                .product(name: "XpediteProtocol", package: main),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/NotifyBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "LayoutBenchmarks",
            dependencies: [
                "BenchmarkScreens",
                .product(name: "XpediteProtocol", package: main),
                .product(name: "XpediteLayout", package: main),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/LayoutBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ClientBenchmarks",
            dependencies: [
                "BenchmarkScreens",
                .product(name: "XpediteProtocol", package: main),
                .product(name: "XpediteClient", package: main),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ClientBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ProtocolBenchmarks",
            dependencies: [
                "BenchmarkScreens",
                .product(name: "XpediteProtocol", package: main),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ProtocolBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
