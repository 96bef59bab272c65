import Benchmark
import Foundation
import XpediteDemo
import XpediteServer

/// The demo on 50,000 customers, through the endpoint without HTTP (decode, session, guard,
/// handler, SQLite, encode): a page of the customer list at offset 0 (the baseline), at offset
/// 49,960 by keyset paging (target ≤ 1.2× the baseline), and at offset 49,960 by `OFFSET` (what
/// keyset paging saves); and seeding 50,000 customers. The data directory is built once under
/// Benchmarks/.build/demo-50k and reused.
///
/// Work outside `startMeasurement()`/`stopMeasurement()` (moving the cursor, making a scratch
/// directory) is not measured.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput],
        warmupIterations: 20,
        scalingFactor: .one,
        maxDuration: .seconds(5),
        maxIterations: 5_000
    )
    let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/demo-50k", isDirectory: true)

    let demo = DemoBox(directory: directory)

    Benchmark("Customer page at offset 0 (baseline)",
              configuration: .init(setup: { _ = try await demo.handle() })) { benchmark in
        let demo = try await demo.handle()
        let first = demo.page(offset: 0)
        for _ in benchmark.scaledIterations {
            benchmark.startMeasurement()
            blackHole(await demo.endpoint.respond(to: first))
            benchmark.stopMeasurement()
        }
    }

    Benchmark("Customer page at offset 49,960 (keyset)",
              configuration: .init(setup: { _ = try await demo.handle() })) { benchmark in
        let demo = try await demo.handle()
        let before = demo.page(offset: 49_920)
        let deep = demo.page(offset: 49_960)
        for _ in benchmark.scaledIterations {
            _ = await demo.endpoint.respond(to: before)  // leaves the cursor at 49,960
            benchmark.startMeasurement()
            blackHole(await demo.endpoint.respond(to: deep))
            benchmark.stopMeasurement()
        }
    }

    Benchmark("Customer page at offset 49,960 (OFFSET, no cursor)",
              configuration: .init(setup: { _ = try await demo.handle() })) { benchmark in
        let demo = try await demo.handle()
        let first = demo.page(offset: 0)
        let deep = demo.page(offset: 49_960)
        for _ in benchmark.scaledIterations {
            _ = await demo.endpoint.respond(to: first)  // leaves the cursor at 40
            benchmark.startMeasurement()
            blackHole(await demo.endpoint.respond(to: deep))
            benchmark.stopMeasurement()
        }
    }

    Benchmark("Seed 50,000 customers",
              configuration: .init(metrics: [.wallClock], warmupIterations: 0, maxDuration: .seconds(30),
                                   maxIterations: 5)) { benchmark in
        for _ in benchmark.scaledIterations {
            let scratch = FileManager.default.temporaryDirectory
                .appendingPathComponent("xpedite-seed-\(UUID().uuidString)", isDirectory: true)
            let database = try DemoDatabase(directory: scratch)
            benchmark.startMeasurement()
            blackHole(try await database.seedIfEmpty(count: 50_000))
            benchmark.stopMeasurement()
            try database.close()
            try FileManager.default.removeItem(at: scratch)
        }
    }
}

/// The demo on 50,000 customers, opened (and seeded, the first time) once for every benchmark.
actor DemoBox {
    let directory: URL
    private var opened: DemoHandle?

    init(directory: URL) {
        self.directory = directory
    }

    func handle() async throws -> DemoHandle {
        if let opened { return opened }
        let handle = try await DemoHandle(directory: directory)
        opened = handle
        return handle
    }
}

/// The demo's endpoint and a signed-in session's token.
final class DemoHandle: Sendable {
    let endpoint: XpediteEndpoint
    let token: String

    init(directory: URL) async throws {
        var configuration = DemoConfiguration(dataDirectory: directory)
        configuration.passwordCost = 4
        configuration.logger.logLevel = .error
        let server = try await DemoServer.open(configuration)
        endpoint = try server.makeApp().makeEndpoint()
        let connect = await endpoint.respond(to: Data(
            #"{"method":"setConnection","bundleID":"b","uuid":"u","bounds":"(0.0, 0.0, 393.0, 852.0)","xpediteVersion":1}"#.utf8))
        guard let token = try JSONValue(parsing: connect)["token"]?.stringValue else { throw DemoBenchmarkError.noToken }
        self.token = token
        _ = await endpoint.respond(to: Data("""
            {"method":"signIn","token":"\(token)","formdata":{"signIn":{"email":"\(DemoAccount.username)","password":"\(DemoAccount.password)"}}}
            """.utf8))
    }

    /// A data request for the 40 rows at `offset`.
    func page(offset: Int) -> Data {
        Data(#"{"method":"listCustomers","token":"\#(token)","offset":\#(offset),"limit":40}"#.utf8)
    }
}

enum DemoBenchmarkError: Error {
    case noToken
}
