import AsyncHTTPClient
import Foundation
import NIOCore

/// The notifier's backend API over HTTP, with the API key.
struct NotifyAPI: Sendable {
    /// `http://127.0.0.1:<port>/notify/v1`.
    let base: String
    let apiKey: String
    let client: HTTPClient

    /// What `POST /send` answers (its recipients are not read).
    struct Sent: Decodable, Sendable {
        var messageId: String
        var deliveries: Int
    }

    /// The send of every measurement: a checkbox payload to every user, pushed as a hint.
    static let sendBody = """
        {"title":"Inspection","body":"Unit 7 needs its monthly inspection","to":{"all":true},\
        "payload":{"responseTopic":"/bench/push","fields":[{"id":"ok","type":"checkbox","checkboxLabel":"Done"}]}}
        """

    /// `POST /send` to every user; returns once the 201 and its whole body arrived.
    func sendToAll() async throws -> Sent {
        var request = HTTPClientRequest(url: base + "/send")
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(apiKey)")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: Self.sendBody))
        let response = try await client.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 64 << 20)
        guard response.status == .created else {
            throw BenchFailure("POST /send answered \(response.status.code): \(String(buffer: body).prefix(300))")
        }
        return try JSONDecoder().decode(Sent.self, from: Data(body.readableBytesView))
    }
}

/// The stand-in process's control server.
struct StandInControl: Sendable {
    /// `http://127.0.0.1:<port>`.
    let base: String
    let client: HTTPClient

    /// Pushes accepted and requests received so far, when the awaited push was accepted, and the
    /// CPU time the stand-in's process used.
    struct Status: Decodable, Sendable {
        var accepted: Int
        var requests: Int
        var at: UInt64?
        var cpuSeconds: Double
    }

    /// The stand-in's counts, once `count` pushes were accepted or after `timeout` seconds.
    func status(waitingFor count: Int = 0, timeout: Int = 120) async throws -> Status {
        let request = HTTPClientRequest(url: "\(base)/accepted?count=\(count)&timeout=\(timeout)")
        let response = try await client.execute(request, timeout: .seconds(Int64(timeout) + 10))
        let body = try await response.body.collect(upTo: 1 << 16)
        return try JSONDecoder().decode(Status.self, from: Data(body.readableBytesView))
    }

    /// When the stand-in accepted its `count`-th push (CLOCK_MONOTONIC nanoseconds), and its CPU
    /// time when it answered.
    ///
    /// - Throws: ``BenchFailure`` when it has not within `timeout` seconds.
    func acceptance(_ count: Int, timeout: Int = 120) async throws -> (at: UInt64, cpuSeconds: Double) {
        let status = try await status(waitingFor: count, timeout: timeout)
        guard let at = status.at else {
            throw BenchFailure("the stand-in accepted \(status.accepted) pushes, not \(count), within \(timeout) s")
        }
        return (at, status.cpuSeconds)
    }

    /// Stops the stand-in process.
    func stop() async throws {
        var request = HTTPClientRequest(url: "\(base)/stop")
        request.method = .POST
        _ = try await client.execute(request, timeout: .seconds(10))
    }
}
