import Benchmark
import BenchmarkScreens
import Foundation
import XpediteLayout
import XpediteProtocol

/// XpediteLayout: layout of 100, 1,000 and 10,000 mixed components (cost per component should
/// stay flat), and a 200-component screen laid out against decoding the same screen.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        warmupIterations: 5,
        scalingFactor: .one,
        maxDuration: .seconds(3),
        maxIterations: 2_000
    )
    let engine = LayoutEngine()
    let bounds = Bounds(width: 393, height: 852)

    for count in [100, 1_000, 10_000] {
        let packet: ResponsePacket
        do {
            packet = try PacketDecoder().decodeResponse(BenchmarkScreens.screenData(components: count)).packet
        } catch {
            print("benchmark screen does not decode: \(error)")
            return
        }
        Benchmark("Layout \(count) components") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(engine.layout(packet, bounds: bounds))
            }
        }
    }

    let data = BenchmarkScreens.screenData(components: 200)
    let decoder = PacketDecoder()
    Benchmark("Baseline: decode the 200-component screen") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try decoder.decodeResponse(data))
        }
    }
    let packet: ResponsePacket
    do {
        packet = try decoder.decodeResponse(data).packet
    } catch {
        print("benchmark screen does not decode: \(error)")
        return
    }
    Benchmark("Layout the 200-component screen") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(engine.layout(packet, bounds: bounds))
        }
    }
}
