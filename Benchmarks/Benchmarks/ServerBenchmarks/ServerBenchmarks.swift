import Benchmark
import Foundation
import XpediteBuilder
import XpediteServer
import XpediteServerSQLite

/// XpediteServer: session lookup in a SQLite store of 1,000,000 sessions (target p99 < 100 µs),
/// and a whole request through the endpoint (decode, session, handler, validate, encode) without
/// HTTP. The store is built once under Benchmarks/.build/sessions-1M and reused by later runs.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        warmupIterations: 100,
        scalingFactor: .one,
        maxDuration: .seconds(5),
        maxIterations: 20_000
    )
    let sessionCount = 1_000_000
    let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/sessions-1M", isDirectory: true)
    let now = Date()
    /// The token of session `index`: deterministic, so later runs find the same sessions.
    @Sendable func token(_ index: Int) -> String {
        let hex = String(index, radix: 16)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    }

    // One store for every sample, as a server keeps it: a fresh connection per sample would
    // measure cold caches and statement compilation, not the lookup.
    let store: SQLiteSessionStore
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try SQLiteSessionStore(directory: directory)
    } catch {
        print("cannot open the session store: \(error)")
        return
    }

    Benchmark("Session lookup in SQLite (1,000,000 sessions)",
              configuration: .init(metrics: [.wallClock], setup: {
                  var next = try await store.count()
                  while next < sessionCount {
                      let batch = (next..<min(next + 10_000, sessionCount)).map {
                          SessionRecord(token: token($0), device: Device(bundleID: "bench", uuid: "u\($0)"),
                                        createdAt: now, values: ["user": .string("user\($0)")])
                      }
                      try await store.insert(contentsOf: batch)
                      next += batch.count
                  }
              })) { benchmark in
        var generator = SystemRandomNumberGenerator()
        let cutoff = Date.distantPast
        for _ in benchmark.scaledIterations {
            let token = token(Int.random(in: 0..<sessionCount, using: &generator))
            benchmark.startMeasurement()
            blackHole(try await store.record(for: token, activeSince: cutoff))
            benchmark.stopMeasurement()
        }
    }

    var app = XpediteApp()
    app.onConnect { _ in Screen(title: "Hello") { Label("Hello") } }
    app.on("home") { call in
        Screen(title: "Home") {
            Label("Hello again")
            Form(id: "profile", save: .call("save")) {
                TextBox(name: "name", title: "Name", value: call.parameter("name"))
                Checkbox(name: "newsletter", title: "Newsletter", isOn: true)
            }
            for index in 0..<10 { Button("Item \(index)", .call("item", parameters: ["id": .string("\(index)")])) }
        }
    }
    let endpoint: XpediteEndpoint
    do {
        endpoint = try app.makeEndpoint()
    } catch {
        print("the benchmark app is set up wrongly: \(error)")
        return
    }
    let connect = Data(#"{"method":"setConnection","bundleID":"b","uuid":"u","bounds":"(0.0, 0.0, 393.0, 852.0)","xpediteVersion":1}"#.utf8)

    Benchmark("Baseline: JSONSerialization round trip of the request and the answer") { benchmark in
        let request = Data(#"{"method":"home","token":"08829e57-56ec-42a8-8b84-061981c054c8","parameters":{"name":"Alice"}}"#.utf8)
        let answer = try JSONSerialization.jsonObject(with: await endpoint.respond(to: connect))
        for _ in benchmark.scaledIterations {
            blackHole(try JSONSerialization.jsonObject(with: request))
            blackHole(try JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys]))
        }
    }

    Benchmark("Request through the endpoint (in-memory sessions, 14-component screen)") { benchmark in
        let first = try JSONSerialization.jsonObject(with: await endpoint.respond(to: connect)) as? [String: Any]
        guard let token = first?["token"] as? String else {
            benchmark.error("no token in the connect answer")
            return
        }
        let request = Data(#"{"method":"home","token":"\#(token)","parameters":{"name":"Alice"}}"#.utf8)
        for _ in benchmark.scaledIterations {
            blackHole(await endpoint.respond(to: request))
        }
    }
}
