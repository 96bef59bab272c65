import ArgumentParser
import AsyncHTTPClient
import Foundation
import NIOHTTP1
import XpediteProtocol

/// `xpedite notify listen`: prints each response published to a topic, through Server-Sent Events.
struct NotifyListen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Print each response object published to a topic, one line of JSON each.",
        discussion: """
            Follows GET /notify/v1/events?topic=… (Server-Sent Events). When the connection drops it \
            reconnects with Last-Event-ID, so no response is missed or printed twice. --after CURSOR \
            starts with the responses after that cursor (0: every stored one). Ctrl-C stops it.

            Example:
              xpedite notify listen --server http://127.0.0.1:8090 --api-key K --topic /a/b/c
            """
    )

    @Option(help: "The server's base URL, http://HOST:PORT.")
    var server: String

    @Option(name: .customLong("api-key"), help: "The backend API key (default: $XPEDITE_API_KEY).")
    var apiKey: String?

    @Option(help: "The topic, /a/b/c.")
    var topic: String

    @Option(help: "Replay the stored responses after this cursor first.")
    var after: String?

    @Option(help: "Stop after this many responses (default: never).")
    var count: Int?

    func validate() throws {
        guard Topic.isValid(topic) else { throw ValidationError("--topic \(topic): expected a topic of the form /a/b/c.") }
        if let after, Int64(after) == nil { throw ValidationError("--after must be a cursor (an integer).") }
        let key = apiKey ?? ProcessInfo.processInfo.environment["XPEDITE_API_KEY"]
        if key?.isEmpty != false { throw ValidationError("give --api-key or set XPEDITE_API_KEY.") }
    }

    func run() async throws {
        var standardError = StandardError()
        let http = NotifyHTTP(server: server, apiKey: apiKey ?? ProcessInfo.processInfo.environment["XPEDITE_API_KEY"] ?? "")
        let query = topic.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? topic
        var lastEventID = after
        var printed = 0
        var failures = 0
        while true {
            var request = http.request("events?topic=\(query)")
            if let lastEventID { request.headers.add(name: "Last-Event-ID", value: lastEventID) }
            do {
                let response = try await HTTPClient.shared.execute(request, timeout: .hours(24 * 365))
                guard response.status == .ok else {
                    let bytes = try await response.body.collect(upTo: 1 << 20)
                    let json = try? JSONValue(parsing: Data(bytes.readableBytesView))   // a non-JSON error reads as nil
                    print(NotifyHTTP.describe(status: response.status.code, json: json), to: &standardError)
                    throw ExitCode(1)
                }
                failures = 0
                var parser = EventStreamParser()
                for try await chunk in response.body {
                    for event in parser.feed(String(buffer: chunk)) where event.event == "response" {
                        // Unbuffered: each response is visible as soon as it is printed, even in a pipe.
                        FileHandle.standardOutput.write(Data((event.data + "\n").utf8))
                        lastEventID = event.id ?? lastEventID
                        printed += 1
                        if let count, printed >= count { return }
                    }
                }
            } catch let exit as ExitCode {
                throw exit
            } catch {
                failures += 1
                if failures > 5 {
                    print("\(server): \(error)", to: &standardError)
                    throw ExitCode(2)
                }
            }
            try await Task.sleep(for: .milliseconds(200 * failures + 100))
        }
    }
}

/// Splits a Server-Sent Events stream into events (the fields this API uses: id, event, data).
struct EventStreamParser {
    struct Event {
        var id: String?
        var event: String = "message"
        var data: String = ""
    }

    private var pending = ""

    /// The complete events in what arrived so far.
    mutating func feed(_ text: String) -> [Event] {
        pending += text.replacingOccurrences(of: "\r\n", with: "\n")
        var events: [Event] = []
        while let range = pending.range(of: "\n\n") {
            let block = pending[..<range.lowerBound]
            pending = String(pending[range.upperBound...])
            var event = Event()
            var data: [Substring] = []
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) where !line.hasPrefix(":") {
                let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                let field = parts[0]
                var value = parts.count > 1 ? parts[1] : ""
                if value.hasPrefix(" ") { value = value.dropFirst() }
                switch field {
                case "id": event.id = String(value)
                case "event": event.event = String(value)
                case "data": data.append(value)
                default: break
                }
            }
            if !data.isEmpty {
                event.data = data.joined(separator: "\n")
                events.append(event)
            }
        }
        return events
    }
}
