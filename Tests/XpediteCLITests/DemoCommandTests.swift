import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import XpediteProtocol

/// `xpedite demo` as a person runs it: it seeds with progress lines, prints the URL and the
/// account, serves the configured version, keeps the data for the next run, and stops cleanly on
/// Ctrl-C (SIGINT).
@Suite struct DemoCommandTests {
    /// Whether the running demo printed its "press Ctrl-C to stop" line (waiting up to 120 s).
    static func started(_ demo: ChildProcess) async throws -> Bool {
        try await demo.firstLine(timeout: .seconds(120)) { $0.contains("press Ctrl-C to stop") } != nil
    }

    /// The `setConnection` answer of the server on `port`.
    static func connect(port: Int) async throws -> JSONValue {
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/xpedite"))
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"method":"setConnection","bundleID":"b","uuid":"u","bounds":"(0.0, 0.0, 393.0, 852.0)","xpediteVersion":1}"#.utf8)
        let (body, _) = try await URLSession.shared.data(for: request)
        return try JSONValue(parsing: body)
    }

    @Test func theCommandSeedsServesAndStopsOnCtrlC() async throws {
        let directory = try TemporaryDirectory("xpedite-demo-cli")
        let data = directory.url.appendingPathComponent("data").path
        // `xpedite demo` needs its port up front (its image URLs name it). One below Linux's
        // ephemeral range (32768-60999) is never held by an outgoing connection of the test run.
        let port = Int.random(in: 10_000..<32_768)
        let arguments = ["demo", "--port", "\(port)", "--data-dir", data, "--customers", "300", "--app-version", "7"]

        let first = try await XpediteBinary.command(arguments).withRunning { demo in
            let started = try await Self.started(demo)
            #expect(started, "stdout: \(demo.stdout)\nstderr: \(demo.stderr)")
            let answer = try await Self.connect(port: port)
            #expect(answer["title"] == "Sign in")
            #expect(answer["version"] == 7)
            await demo.stop(.interrupt, grace: .seconds(30))    // Ctrl-C; killed if still running after 30 s
        }.result
        #expect(first.status == 0)
        let printed = first.stdout
        #expect(printed.contains("Seeded 300 customers in "))
        #expect(printed.contains("Xpedite demo on http://127.0.0.1:\(port)/xpedite"))
        #expect(printed.contains("Sign in as demo@xpedite.dev / demo1234"))
        // The notification API's key: generated on the first run, kept private, printed in the example.
        let keyFile = URL(fileURLWithPath: data).appendingPathComponent("api-key").path
        let key = try String(contentsOfFile: keyFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try FileManager.default.attributesOfItem(atPath: keyFile)[.posixPermissions] as? Int == 0o600)
        #expect(printed.contains("Notification API on http://127.0.0.1:\(port)/notify/v1, API key generated, kept in \(keyFile)"))
        #expect(printed.contains(
            "xpedite notify listen --server http://127.0.0.1:\(port) --api-key \(key) --topic /demo/credit-approvals"))
        let logged = first.stderr
        #expect(logged.contains("Seeding customers: 30/300 (10%)"))
        #expect(logged.contains("Seeding customers: 300/300 (100%)"))
        #expect(logged.contains("hb.request.path=/xpedite"))

        // The second run reuses the data.
        let second = try await XpediteBinary.command(arguments).withRunning { demo in
            let started = try await Self.started(demo)
            #expect(started)
            await demo.stop(.interrupt, grace: .seconds(30))
        }.result
        #expect(second.status == 0)
        #expect(!second.stdout.contains("Seeded"))
        #expect(second.stdout.contains("API key kept in "))
        #expect(second.stdout.contains("--api-key \(key) --topic"))
        #expect(!second.stderr.contains("Seeding customers"))
    }
}
