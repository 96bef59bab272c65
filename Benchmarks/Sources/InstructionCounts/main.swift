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
/// The load test's table page: 80 rows of four fields, encoded once, as BenchServer answers it.
struct CustomerRow: Encodable {
    var id: Int
    var name: String
    var city: String
    var score: Int
}
do {
    let cities = ["Lyon", "Porto", "Leeds", "Graz", "Turku", "Bergen", "Gdańsk", "Ghent"]
    let rows = try (1...80).map { index in
        try JSONValueEncoder().encode(CustomerRow(id: index, name: "Customer \(index)", city: cities[index % 8],
                                                  score: (index * 37) % 100))
    }
    let page: JSONValue = ["rc": 0, "data": .array(rows), "max": 300, "token": "9d83ffb0-3d6d-452a-9c1b-ff6083071665"]
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
        case "write-page":
            sink &+= CanonicalJSON.data(page).count
        case "write-page-jsonencoder":
            // What CanonicalJSON did before it had its own writer: the tree through Encodable.
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            sink &+= try encoder.encode(page).count
        case "validate-page":
            sink &+= PacketValidator().validate(built: page, as: .data).issues.count
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
