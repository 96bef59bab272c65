import Foundation
import Testing
import XpediteProtocol

/// `xpedite client` drives a server written in Python (old dialect), then shows its cached
/// pages with the server down.
@Suite("xpedite client against a Python server", .serialized)
struct ClientPythonServerTests {
    /// The Python interpreter, if there is one on the PATH.
    static let python: URL? = {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ClientServer/old_dialect_server.py")

    /// A running Python server: its URL and the log of the requests it received.
    struct PythonServer: Sendable {
        let child: ChildProcess
        let log: URL
        let url: String

        /// Starts the server, reads its port from its first line, and runs `body`; afterwards the
        /// server is killed and its log removed.
        static func with(python: URL, _ body: (PythonServer) async throws -> Void) async throws {
            let directory = try TemporaryDirectory("xpedite-python")
            let folder = directory.url
            let log = folder.appendingPathComponent("requests.log")
            try await Command(python, arguments: [ClientPythonServerTests.script.path, log.path]).withRunning { child in
                guard let port = try await child.firstLine(where: { _ in true }).flatMap({ Int($0) }) else {
                    await child.kill()
                    throw CocoaError(.fileReadCorruptFile)
                }
                let server = PythonServer(child: child, log: log, url: "http://127.0.0.1:\(port)/xpedite")
                do {
                    try await body(server)
                } catch {
                    await server.stop()
                    throw error
                }
                await server.stop()
            }
        }

        /// The requests received, one canonical JSON text per request.
        var requests: [String] {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { line in
                (try? JSONValue(parsing: String(line))).map { CanonicalJSON.string($0) }
            }
        }

        /// Kills the server (SIGKILL: a child may inherit a mask that blocks SIGTERM) and returns
        /// once it has exited.
        func stop() async {
            await child.kill()
        }
    }

    static func labels(_ dump: JSONValue) -> [String] {
        (dump["packet"]?["components"]?.arrayValue ?? []).compactMap {
            $0["type"] == "label" ? $0["text"]?.stringValue : nil
        }
    }

    @Test(.enabled(if: python != nil, "python3 is not installed: the Python server test is skipped"))
    func drivesEveryActionKindThenServesTheCacheWithTheServerDown() async throws {
        try await PythonServer.with(python: try #require(Self.python)) { server in
            let cacheDirectory = try TemporaryDirectory("xpedite-cli-cache")
            let cache = cacheDirectory.url.path

            // Row paging, an old clickRow, a failed save (rc string), a form save with formdata.
            let first = try await XpediteBinary.run([
                "client", server.url, "--cache", cache, "--bounds", "(0.0, 0.0, 393.0, 852.0)",
                "--do", #"tap "Customers""#, "--do", "rows 40-79", "--do", #"tap "Customer 42""#,
                "--do", "fill customer-form.firstname=", "--do", "save",
                "--do", "fill customer-form.firstname=Alice", "--do", "save", "--dump", "json",
            ])
            #expect(first.status == 0, "\(first.stderr)")
            let dump = try JSONValue(parsing: first.stdout)
            #expect(Self.labels(dump) == ["Saved Alice (active 1, born 1990-06-15)"])
            #expect(dump["offline"] == false)
            #expect(dump["alerts"]?.arrayValue?.isEmpty == true)
            #expect(dump["frames"]?["components"]?.arrayValue?.count == 2)

            let requests = server.requests
            let connect = try #require(requests.first)
            #expect(connect == CanonicalJSON.string(.object([
                "method": "setConnection", "bundleID": "xpedite.software", "uuid": "xpedite-cli",
                "bounds": "(0.0, 0.0, 393.0, 852.0)", "xpediteVersion": 1,
            ])))
            let rotated = try #require(requests.compactMap { try? JSONValue(parsing: $0) }
                .first { $0["method"] == "listCustomers" }?["token"]?.stringValue)
            let methods = requests.compactMap { try? JSONValue(parsing: $0)["method"]?.stringValue }
            #expect(methods == ["setConnection", "showCustomers", "listCustomers", "listCustomers", "selectCustomer",
                                "saveCustomer", "saveCustomer"])
            #expect(requests.contains(#"{"limit":40,"method":"listCustomers","offset":40,"token":"\#(rotated)"}"#))
            #expect(requests.contains(#"{"method":"selectCustomer","row":42,"token":"\#(rotated)"}"#))
            #expect(requests.last == #"{"formdata":{"customer-form":{"active":"1","dob":"1990-06-15","firstname":"Alice"}},"method":"saveCustomer","token":"\#(rotated)"}"#)

            // An old navigation entry, a dynamic menu and web view, the return key calling an old method.
            let second = try await XpediteBinary.run([
                "client", server.url, "--cache", cache,
                "--do", #"tap "Help""#, "--do", #"tap "Back home""#,
                "--do", "fill search=shoes", "--do", "enter search", "--dump", "json",
            ])
            #expect(second.status == 0, "\(second.stderr)")
            #expect(Self.labels(try JSONValue(parsing: second.stdout)) == ["Results for shoes"])
            // A cancel that sends the form's values, pull-to-refresh.
            let third = try await XpediteBinary.run([
                "client", server.url, "--cache", cache,
                "--do", #"tap "Customers""#, "--do", #"tap "Customer 3""#, "--do", "cancel", "--do", "refresh",
                "--dump", "json",
            ])
            #expect(third.status == 0, "\(third.stderr)")
            let refreshed = try JSONValue(parsing: third.stdout)
            #expect(refreshed["tables"]?["0"]?["rows"]?.arrayValue?.count == 40)
            let later = server.requests.dropFirst(requests.count).compactMap { try? JSONValue(parsing: $0) }
            #expect(later.map { $0["method"]?.stringValue ?? "" } == [
                "setConnection", "callHelp", "menuItems", "helpText", "home", "doSearch",
                "setConnection", "showCustomers", "listCustomers", "selectCustomer", "showCustomers", "listCustomers",
                "listCustomers",
            ])
            #expect(later.first { $0["method"] == "selectCustomer" }?["row"] == 3)
            let cancel = try #require(later.last { $0["method"] == "showCustomers" && $0["formdata"] != nil })
            #expect(cancel["formdata"] == .object(["customer-form": .object(["active": "1", "dob": "1990-06-15", "firstname": "Customer 3"])]))
            #expect(later.first { $0["method"] == "doSearch" }?["formdata"] == .object(["search": "shoes"]))

            // A server that breaks the protocol: the path-precise message and a non-zero exit.
            let broken = try await XpediteBinary.run(["client", server.url, "--do", #"tap "Break""#, "--dump", "json"])
            #expect(broken.status == 1)
            #expect(broken.stderr.contains(#"$: response requires "rc""#), "\(broken.stderr)")

            // The server goes down: the pages come from the first runs' cache.
            await server.stop()
            let offline = try await XpediteBinary.run(["client", server.url, "--cache", cache, "--do", #"tap "Customers""#, "--dump", "json"])
            #expect(offline.status == 0, "\(offline.stderr)")
            let cached = try JSONValue(parsing: offline.stdout)
            #expect(cached["offline"] == true)
            #expect(cached["packet"]?["components"]?[0]?["type"] == "table")
            #expect(cached["packet"]?["id"] == "customers")

            let nothing = try await XpediteBinary.run(["client", server.url, "--dump", "json"])
            #expect(nothing.status == 1)
            #expect(nothing.stderr.contains("cannot be reached"), "\(nothing.stderr)")
        }
    }

    @Test(.enabled(if: python != nil, "python3 is not installed: the Python server test is skipped"))
    func relativeImagesResolveAgainstTheEndpointURL() async throws {
        try await PythonServer.with(python: try #require(Self.python)) { server in
            let run = try await XpediteBinary.run(["client", server.url, "--do", #"tap "Logo""#, "--dump", "json"])
            #expect(run.status == 0, "\(run.stderr)")
            let dump = try JSONValue(parsing: run.stdout)
            // The folder "/images" and the name "logo.png" become http://127.0.0.1:PORT/images/logo.png;
            // its 30×10 size gives the 90-point-wide image a height of 30.
            #expect(server.requests.contains(#"{"get":"/images/logo.png"}"#), "\(server.requests)")
            let frame = try #require(dump["frames"]?["components"]?[0]?["frame"])
            #expect(frame["width"] == 90)
            #expect(frame["height"] == 30, "\(frame)")
        }
    }

    /// `--appearance dark` goes into setConnection (docs/protocol/packets.md#the-appearance); an old
    /// server ignores it and answers as before.
    @Test(.enabled(if: python != nil, "python3 is not installed: the Python server test is skipped"))
    func theAppearanceIsSentInSetConnection() async throws {
        try await PythonServer.with(python: try #require(Self.python)) { server in
            let run = try await XpediteBinary.run(["client", server.url, "--appearance", "dark", "--dump", "json"])
            #expect(run.status == 0, "\(run.stderr)")
            let connect = try #require(server.requests.first.map { try JSONValue(parsing: $0) })
            #expect(connect["method"] == "setConnection")
            #expect(connect["appearance"] == "dark")
            let wrong = try await XpediteBinary.run(["client", server.url, "--appearance", "sepia"])
            #expect(wrong.status != 0)
        }
    }

    @Test(.enabled(if: python != nil, "python3 is not installed: the Python server test is skipped"))
    func interactiveModeShowsNumberedActions() async throws {
        try await PythonServer.with(python: try #require(Self.python)) { server in
            let run = try await XpediteBinary.run(["client", server.url], stdin: Data("3\nquit\n".utf8))
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("[1] Help"), "\(run.stdout)")
            #expect(run.stdout.contains("[2] Customers"))
            #expect(run.stdout.contains("Welcome to the Python server"))
            #expect(run.stdout.contains("no rc here") == false)
            #expect(run.stdout.contains("! The server's answer breaks the protocol"), "\(run.stdout)")
        }
    }
}

extension JSONValue {
    fileprivate subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}
