import ArgumentParser
import AsyncHTTPClient
import Foundation
import NIOCore
import XpediteProtocol

/// `xpedite notify responses`: a topic's responses exported from a running server as CSV, NDJSON
/// or JSON, streamed to stdout (docs/notify.md#exporting-responses).
struct NotifyResponses: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "responses",
        abstract: "Export a topic's responses as CSV, NDJSON or JSON to stdout.",
        discussion: """
            Streams GET /notify/v1/responses (Accept: text/csv or application/x-ndjson) to stdout as \
            it arrives; json pages through the JSON answer and prints one JSON array. The rows so \
            far go to stderr when it is a terminal, or with --progress. Exits 1 when the server \
            refuses (its error and paths on stderr), 2 when it cannot be reached.

            Example:
              xpedite notify responses --server http://127.0.0.1:8090 --api-key K --topic /a/b/c --format csv > answers.csv
            """
    )

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, ndjson, csv
    }

    @OptionGroup var options: NotifyServerOptions

    @Option(help: "The topic, /a/b/c.")
    var topic: String

    @Option(help: "Only the responses to this message.")
    var message: String?

    @Option(help: "Only the responses to messages sent with this named payload.")
    var payload: String?

    @Option(help: "Only this user's responses.")
    var user: String?

    @Option(help: "Only responses received at or after this RFC 3339 time.")
    var since: String?

    @Option(help: "Only responses received before this RFC 3339 time.")
    var until: String?

    @Option(help: "json, ndjson or csv.")
    var format: Format = .csv

    @Flag(help: "Show the rows so far on stderr even when it is not a terminal.")
    var progress = false

    /// The query of the request.
    var query: String {
        var items = [URLQueryItem(name: "topic", value: topic)]
        for (name, value) in [("messageId", message), ("payloadName", payload), ("username", user), ("since", since), ("until", until)] {
            if let value { items.append(URLQueryItem(name: name, value: value)) }
        }
        var components = URLComponents()
        components.queryItems = items
        // `+` is a space in a query; a time's offset must keep its plus sign.
        return (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
    }

    func run() async throws {
        let counter = NotifyRowCounter(format: format, shows: progress || isatty(STDERR_FILENO) == 1)
        if format == .json {
            try await pageJSON(counter)
        } else {
            try await stream(counter)
        }
        counter.finish()
    }

    /// The CSV or NDJSON export, written to stdout as it arrives.
    func stream(_ counter: NotifyRowCounter) async throws {
        var request = options.http.request("responses?" + query)
        request.headers.add(name: "Accept", value: format == .csv ? "text/csv" : "application/x-ndjson")
        let response: HTTPClientResponse
        do {
            response = try await HTTPClient.shared.execute(request, timeout: .hours(24))
        } catch {
            throw failure(error)
        }
        guard response.status.code == 200 else {
            let bytes = try await response.body.collect(upTo: 1 << 20)
            throw refusal(response.status.code, Data(bytes.readableBytesView))
        }
        for try await chunk in response.body {
            FileHandle.standardOutput.write(Data(chunk.readableBytesView))
            counter.count(chunk.readableBytesView)
        }
    }

    /// The JSON answer, page after page, printed as one array.
    func pageJSON(_ counter: NotifyRowCounter) async throws {
        var after = "0"
        var first = true
        FileHandle.standardOutput.write(Data("[".utf8))
        while true {
            let answer: (status: UInt, json: JSONValue?)
            do {
                answer = try await options.http.send(options.http.request("responses?\(query)&after=\(after)&limit=1000"))
            } catch {
                throw failure(error)
            }
            guard answer.status == 200, let page = answer.json?["responses"]?.arrayValue else {
                throw refusal(answer.status, answer.json.map { CanonicalJSON.data($0) } ?? Data())
            }
            for response in page {
                FileHandle.standardOutput.write(Data(((first ? "\n" : ",\n") + CanonicalJSON.string(response)).utf8))
                first = false
            }
            counter.add(page.count)
            guard page.count == 1000, let next = answer.json?["next"]?.stringValue else { break }
            after = next
        }
        FileHandle.standardOutput.write(Data("\n]\n".utf8))
    }

    /// Exit 2 after a server that cannot be reached.
    func failure(_ error: any Error) -> ExitCode {
        var standardError = StandardError()
        print("\(options.server): \(error)", to: &standardError)
        return ExitCode(2)
    }

    /// Exit 1 after a refusal, with the server's error and its paths.
    func refusal(_ status: UInt, _ body: Data) -> ExitCode {
        var standardError = StandardError()
        let json: JSONValue?
        do {
            json = try JSONValue(parsing: body)
        } catch {
            json = nil // not an error object: the status alone is reported
        }
        print(NotifyHTTP.describe(status: status, json: json), to: &standardError)
        return ExitCode(1)
    }
}
