import Benchmark
import BenchmarkScreens
import Foundation
import XpediteProtocol

/// XpediteProtocol on a 200-component screen of mixed types (about 40 KB). The baseline,
/// measured in the same run on the same bytes, is Foundation's `JSONSerialization.jsonObject`.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        warmupIterations: 10,
        scalingFactor: .one,
        maxDuration: .seconds(3),
        maxIterations: 2_000
    )

    let data = BenchmarkScreens.screenData(components: 200)
    let decoder = PacketDecoder()
    let validator = PacketValidator()
    let tree: JSONValue
    let packet: ResponsePacket
    do {
        tree = try JSONValue(parsing: data)
        packet = try decoder.decodeResponse(tree).packet
    } catch {
        print("benchmark screen does not decode: \(error)")
        return
    }

    Benchmark("Baseline: JSONSerialization.jsonObject (200 components, \(data.count / 1024) KB)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONSerialization.jsonObject(with: data))
        }
    }

    Benchmark("Parse into JSONValue") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONValue(parsing: data))
        }
    }

    Benchmark("Validate (normalise + shape check + lint) a parsed tree") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(validator.validate(tree, as: .response))
        }
    }

    Benchmark("Decode + normalise + validate (bytes to typed packet)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try decoder.decodeResponse(data))
        }
    }

    Benchmark("Encode canonical JSON (typed packet to bytes)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(packet.canonicalData())
        }
    }

    Benchmark("Decode + normalise + validate + encode") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try decoder.decodeResponse(data).packet.canonicalData())
        }
    }
}
