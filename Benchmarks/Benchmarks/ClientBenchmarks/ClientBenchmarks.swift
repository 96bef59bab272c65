import Benchmark
import BenchmarkScreens
import Foundation
import XpediteClient
import XpediteProtocol

/// XpediteClient: "answer received → screen state delivered" for the 200-component screen
/// (request encoding, decode, normalise, validate, token and version, page-cache write,
/// navigation cache, critical image from the disk cache, input values, layout, delivery), against
/// decode + validate alone; and the same screen served offline from the on-disk page cache.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        warmupIterations: 5,
        scalingFactor: .one,
        maxDuration: .seconds(3),
        maxIterations: 1_000
    )

    guard case .object(var members) = BenchmarkScreens.screen(components: 200) else { return }
    members["disposition"] = "permanent"
    let screen = CanonicalJSON.data(.object(members))
    let rows = CanonicalJSON.data(["rc": 0, "data": [["id": "c1", "name": "Alice", "score": 42]]])
    // Table pages are asked for after delivery, in a task of the screen; they are answered only
    // when that task is cancelled by the next screen, so the measurement stops at delivery.
    let listCustomers = Data("listCustomers".utf8)
    let answer: @Sendable (Data) async throws -> Data = { body in
        if body.range(of: listCustomers) != nil {
            try await Task.sleep(for: .seconds(3600))
            return rows
        }
        return screen
    }
    let logo = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                     0, 0, 1, 0x90, 0, 0, 0, 0x64])

    struct Images: ImageLoader {
        let logo: Data
        func load(_ url: URL) async throws -> Data { logo }
    }

    // The server is down; table pages (asked for after delivery) fail only when the next screen
    // cancels them, as online, so both measurements stop at delivery.
    struct Down: Transport {
        let listCustomers: Data
        func send(_ body: Data) async throws -> Data {
            if body.range(of: listCustomers) != nil { try await Task.sleep(for: .seconds(3600)) }
            throw TransportError.connectionFailed("refused")
        }
    }

    func configuration(_ directory: URL) -> ClientConfiguration {
        ClientConfiguration(cacheDirectory: directory, device: DeviceIdentity(uuid: "bench"), imageLoader: Images(logo: logo))
    }

    /// Steady state: the screen's 17 images are in (cached) before measuring. (`settle()` would
    /// also wait for the table pages, which this benchmark never answers.)
    func imagesLoaded(_ client: XpediteClient) async {
        for _ in 0..<500 where await client.state.imageSizes.count < 18 {
            try? await Task.sleep(for: .milliseconds(10))   // polling; an interruption just polls again
        }
    }

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xpedite-client-bench-\(UUID().uuidString)")
    let decoder = PacketDecoder(mode: .lenient)

    Benchmark("Baseline: decode + validate the 200-component screen (lenient)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try decoder.decodeResponse(screen))
        }
    }

    Benchmark("Answer received → screen state delivered (200 components)") { benchmark in
        let client = try XpediteClient(transport: InProcessTransport(answer), configuration: configuration(directory))
        await client.connect()
        await imagesLoaded(client)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            await client.connect()
            blackHole(await client.state.revision)
        }
        benchmark.stopMeasurement()
    }

    Benchmark("Offline: the cached 200-component page served") { benchmark in
        let online = try XpediteClient(transport: InProcessTransport(answer), configuration: configuration(directory))
        await online.connect()
        let client = try XpediteClient(transport: Down(listCustomers: listCustomers), configuration: configuration(directory))
        await client.connect()
        await imagesLoaded(client)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            await client.connect()
            blackHole(await client.state.isOffline)
        }
        benchmark.stopMeasurement()
    }
}
