import BenchmarkScreens
import Foundation
import XpediteLayout
import XpediteProtocol

// Runs one measured operation N times, for `valgrind --tool=callgrind`: instruction counts are
// repeatable on a busy machine where wall-clock times are not. scripts/bench runs every mode with
// N and with 0 iterations and divides the difference by N.
//
//   instruction-counts MODE ITERATIONS
let arguments = CommandLine.arguments
guard arguments.count == 3, let iterations = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: instruction-counts MODE ITERATIONS\n".utf8))
    exit(2)
}
// `layout-N` lays out a screen of N components instead of the 200-component one.
let layoutCount = arguments[1].hasPrefix("layout-") ? Int(arguments[1].dropFirst("layout-".count)) : nil
let data = BenchmarkScreens.screenData(components: layoutCount ?? 200)
let decoder = PacketDecoder()
do {
    let tree = try JSONValue(parsing: data)
    let packet = try decoder.decodeResponse(tree).packet
    let engine = LayoutEngine()
    let bounds = Bounds(width: 393, height: 852)
    var sink = 0
    for _ in 0..<iterations {
        switch arguments[1] {
        case "baseline":
            if try JSONSerialization.jsonObject(with: data) is [String: Any] { sink &+= 1 }
        case "parse":
            if case .object = try JSONValue(parsing: data) { sink &+= 1 }
        case "validate":
            sink &+= PacketValidator().validate(tree, as: .response).issues.count
        case "decode":
            sink &+= try decoder.decodeResponse(data).packet.components.count
        case "encode":
            sink &+= packet.canonicalData().count
        case "write":
            sink &+= CanonicalJSON.data(tree).count
        case "layout":
            sink &+= engine.layout(packet, bounds: bounds).components.count
        case _ where layoutCount != nil:
            sink &+= engine.layout(packet, bounds: bounds).components.count
        default:
            FileHandle.standardError.write(Data("unknown mode \(arguments[1])\n".utf8))
            exit(2)
        }
    }
    print(sink)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
