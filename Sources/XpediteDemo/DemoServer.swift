import Foundation
import XpediteServer

/// `xpedite demo`: the demo app on a loopback port, sessions in SQLite, Prometheus metrics.
public enum DemoServer {
    /// The default data directory, relative to the current directory.
    public static let defaultDataDirectory = ".xpedite-demo"

    /// Serves the demo on `http://127.0.0.1:<port>/xpedite` (and `/metrics`) until SIGINT or
    /// SIGTERM, keeping sessions in `dataDirectory/sessions.sqlite`.
    public static func run(port: Int, dataDirectory: URL) async throws {
        var configuration = XpediteConfiguration()
        configuration.sessionStore = try SQLiteSessionStore(directory: dataDirectory)
        configuration.exportPrometheus()
        let app = try DemoApp.make(configuration: configuration)
        let database = dataDirectory.appendingPathComponent(SQLiteSessionStore.defaultFileName).path
        try await app.run(host: "127.0.0.1", port: port) { bound in
            // Written straight to the file descriptor: `print` is buffered when stdout is a pipe.
            FileHandle.standardOutput.write(Data("""
                Xpedite demo on http://127.0.0.1:\(bound)/xpedite (metrics on /metrics)
                Sessions are kept in \(database); press Ctrl-C to stop.

                """.utf8))
        }
    }
}
