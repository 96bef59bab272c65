import ArgumentParser
import Foundation
import XpediteDemo

/// `xpedite demo`: serves the demo app built with the server SDK.
struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the demo app on http://127.0.0.1:PORT/xpedite.",
        discussion: """
            A hello screen with a menu, a profile form that validates and saves into the session, and a \
            table of 300 generated customers with paging. Sessions are kept in SQLite in the data \
            directory, so they survive a restart. Prometheus metrics are on /metrics. The server binds \
            127.0.0.1 only. Ctrl-C stops it gracefully.

            Examples:
              xpedite demo
              xpedite demo --port 9000 --data-dir /tmp/xpedite-demo

            Talk to it (setConnection first, then {"method": …, "token": …} with the token it returns):
              curl -H 'Content-Type: application/json' http://127.0.0.1:8080/xpedite -d \
                '{"method":"setConnection","bundleID":"b","uuid":"u","bounds":"(0, 0, 393, 852)","xpediteVersion":1}'
            """
    )

    @Option(help: "The TCP port on 127.0.0.1.")
    var port: Int = 8080

    @Option(name: .customLong("data-dir"), help: "Where sessions are kept (created if missing).")
    var dataDir: String = DemoServer.defaultDataDirectory

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be between 1 and 65535.") }
    }

    func run() async throws {
        let directory = URL(fileURLWithPath: dataDir, isDirectory: true).standardizedFileURL
        try await DemoServer.run(port: port, dataDirectory: directory)
    }
}
