import ArgumentParser
import Foundation
import OpenAPIRuntime
import XpediteNotifyClient
import XpediteProtocol

/// `xpedite notify listen`: prints each response published to a topic, through Server-Sent Events
/// read with the client generated from the contract (XpediteNotifyClient) and OpenAPIRuntime's
/// event-stream decoder.
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
        let key = apiKey ?? ProcessInfo.processInfo.environment["XPEDITE_API_KEY"] ?? ""
        // A stream stays open as long as the server sends: the request's deadline is a year away.
        guard let client = NotifyClientAnswers.client(server, apiKey: key, timeout: .seconds(365 * 24 * 3600)) else {
            print("--server \(server): expected http://HOST:PORT", to: &standardError)
            throw ExitCode(2)
        }
        var lastEventID = after
        var printed = 0
        var failures = 0
        while true {
            do {
                let output = try await client.streamResponses(query: .init(topic: topic), headers: .init(lastEventID: lastEventID))
                let refusal: String
                switch output {
                case .ok(let stream):
                    failures = 0
                    for try await event in try stream.body.textEventStream.asDecodedServerSentEvents() where event.event == "response" {
                        // Unbuffered: each response is visible as soon as it is printed, even in a pipe.
                        FileHandle.standardOutput.write(Data(((event.data ?? "") + "\n").utf8))
                        lastEventID = event.id ?? lastEventID
                        printed += 1
                        if let count, printed >= count { return }
                    }
                    refusal = ""
                case .badRequest(let answer): refusal = NotifyClientAnswers.describe(400, try answer.body.json)
                case .unauthorized(let answer): refusal = NotifyClientAnswers.describe(401, try answer.body.json)
                case .undocumented(let status, let payload):
                    refusal = NotifyClientAnswers.describe(status, await NotifyClientAnswers.errorObject(payload))
                }
                if !refusal.isEmpty {
                    print(refusal, to: &standardError)
                    throw ExitCode(1)
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
