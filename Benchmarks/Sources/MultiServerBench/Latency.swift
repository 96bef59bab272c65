import ArgumentParser
import AsyncHTTPClient
import Foundation
import OpenAPIRuntime
import XpediteNotifyClient

/// `MultiServerBench latency`: subscribes to `GET /notify/v1/events?topic=…` on the event server
/// (API key), then answers pairs one at a time with `POST /notify/v1/device/responses` on the post
/// server (device token) and measures, for each, the time from starting the POST to its 201 (the
/// round trip) and to its event arriving (the latency). Prints one JSON object with the
/// percentiles in microseconds.
struct Latency: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Post responses on one server, one at a time, and time each until its Server-Sent Event arrives from another.")

    @Option(name: .customLong("post-server"), help: "The server the responses are posted to, http://127.0.0.1:PORT.")
    var postServer: String

    @Option(name: .customLong("event-server"), help: "The server whose event stream is followed, http://127.0.0.1:PORT.")
    var eventServer: String

    @Option(name: .customLong("api-key"), help: "The notification API's key (for the event stream).")
    var apiKey: String

    @Option(help: "The pairs file `prepare` wrote.")
    var pairs: String

    @Option(help: "The first pair to answer (pairs before it were answered already).")
    var first: Int

    @Option(help: "Responses measured.")
    var count: Int = 1000

    @Option(help: "Responses posted and awaited before the measured ones.")
    var warmup: Int = 20

    @Option(help: "The payloads' response topic.")
    var topic: String = "/bench/responses"

    @Option(help: "Seconds to wait for one event before giving up.")
    var timeout: Int = 10

    @Option(help: "The name of this measurement in the output.")
    var label: String

    @Option(help: "Seconds the whole measurement may take before it gives up.")
    var deadline: Int = 600

    func validate() throws {
        guard count > 0 else { throw ValidationError("--count must be positive.") }
        guard warmup >= 0, first >= 0 else { throw ValidationError("--warmup and --first must not be negative.") }
        guard timeout > 0, deadline > 0 else { throw ValidationError("--timeout and --deadline must be positive.") }
        for (name, server) in [("--post-server", postServer), ("--event-server", eventServer)] where !server.hasPrefix("http://") {
            throw ValidationError("\(name): expected http://HOST:PORT, not \(server).")
        }
    }

    func run() async throws {
        let pairs = try NotifyPairs(contentsOf: pairs)
        guard let eventURL = URL(string: eventServer) else { throw ValidationError("--event-server \(eventServer) is not a URL.") }
        let api = NotifyHTTP(server: postServer)
        let arrivals = Arrivals()
        let subscriber = Task { [apiKey, topic] in
            await Self.follow(server: eventURL, apiKey: apiKey, topic: topic, into: arrivals)
        }
        defer { subscriber.cancel() }

        let clock = ContinuousClock()
        let giveUp = clock.now + .seconds(deadline)
        var roundTrips: [Duration] = []
        var latencies: [Duration] = []
        var eventsBeforeAnswer = 0
        for index in 0..<(warmup + count) {
            guard clock.now < giveUp else {
                throw BenchFailure("\(index) of \(warmup + count) responses timed within the \(deadline) s of --deadline")
            }
            let pair = try pairs.pair(first + index)
            let responseId = "latency-\(label)-\(first + index)"
            let start = clock.now
            try await api.respond(responseId: responseId, messageId: pair.messageId, deviceToken: pair.deviceToken)
            let answered = clock.now
            // The first event may wait for the subscription to be taken on the event server.
            let wait: Duration = index == 0 ? .seconds(max(timeout, 30)) : .seconds(timeout)
            guard let arrived = await arrivals.arrival(of: responseId, timeout: wait) else {
                let reason = await arrivals.endReason.map { "the event stream ended: \($0)" } ?? "no event within \(wait)"
                throw BenchFailure("response \(responseId) posted on \(postServer): \(reason) on \(eventServer)")
            }
            guard index >= warmup else { continue }
            roundTrips.append(answered - start)
            latencies.append(arrived - start)
            if arrived < answered { eventsBeforeAnswer += 1 }
        }
        let event = Percentiles(latencies), post = Percentiles(roundTrips)
        let fields: [(String, String)] = [
            ("measure", "\"latency\""), ("label", "\"\(label)\""), ("postServer", "\"\(postServer)\""),
            ("eventServer", "\"\(eventServer)\""), ("count", String(count)), ("warmup", String(warmup)),
            ("firstPair", String(first)), ("eventP50", event.p50), ("eventP90", event.p90), ("eventP99", event.p99),
            ("eventMax", event.max), ("postP50", post.p50), ("postP90", post.p90), ("postP99", post.p99),
            ("postMax", post.max), ("eventsBeforeAnswer", String(eventsBeforeAnswer)),
        ]
        print("{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}")
    }

    /// Follows the topic's event stream on `server`, recording each response's arrival, until
    /// cancelled; a refusal or a dropped stream ends `arrivals` with the reason.
    private static func follow(server: URL, apiKey: String, topic: String, into arrivals: Arrivals) async {
        let client = Client(notifyServer: server, credential: apiKey, timeout: .seconds(3600))
        let clock = ContinuousClock()
        do {
            switch try await client.streamResponses(query: .init(topic: topic)) {
            case .ok(let stream):
                for try await event in try stream.body.textEventStream.asDecodedServerSentEvents() where event.event == "response" {
                    let instant = clock.now
                    // An event that is not a response object ends the measurement (the catch below).
                    let response = try JSONDecoder().decode(EventResponse.self, from: Data((event.data ?? "").utf8))
                    await arrivals.record(response.responseId, at: instant)
                }
                await arrivals.end("the server closed the stream")
            case .badRequest(let answer):
                let error = try answer.body.json
                await arrivals.end("400 \(error)")
            case .unauthorized(let answer):
                let error = try answer.body.json
                await arrivals.end("401 \(error)")
            case .undocumented(let status, _):
                await arrivals.end("status \(status)")
            }
        } catch {
            await arrivals.end("\(error)")
        }
    }
}

/// The part of a response object the latency needs.
private struct EventResponse: Decodable {
    var responseId: String
}

/// Percentiles of durations (nearest rank), as microseconds with one decimal.
struct Percentiles {
    let p50, p90, p99, max: String

    init(_ durations: [Duration]) {
        let sorted = durations.map { Double($0.components.seconds) * 1e6 + Double($0.components.attoseconds) / 1e12 }.sorted()
        func rank(_ fraction: Double) -> String {
            guard !sorted.isEmpty else { return "null" }
            let index = Swift.max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1)
            return String(format: "%.1f", sorted[Swift.min(index, sorted.count - 1)])
        }
        p50 = rank(0.5)
        p90 = rank(0.9)
        p99 = rank(0.99)
        max = rank(1)
    }
}
