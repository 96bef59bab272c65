import AsyncHTTPClient
import Foundation
import NIOCore
import XpediteProtocol

/// What the push providers share about HTTP: one request with its timeout, the answer read
/// whole, and log-safe forms of what they send.
enum PushHTTP {
    /// The largest answer body read from a push service (their answers are small JSON).
    static let maximumAnswerSize = 64 * 1024

    /// A status, its headers and its body, read whole.
    struct Answer: Sendable {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: Data

        /// The first value of header `name` (case-insensitive).
        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name }?.value
        }

        /// The body as JSON, `nil` when it is not JSON.
        var json: JSONValue? {
            guard !body.isEmpty else { return nil }
            do {
                return try JSONValue(parsing: body)
            } catch {
                return nil   // an answer that is not JSON has no reason to read: the status speaks
            }
        }

        /// `Retry-After`'s wait, when the header is there and readable.
        func retryAfter(now: Date) -> Duration? {
            header("retry-after").flatMap { RetryAfter.duration($0, now: now) }
        }
    }

    /// Sends `request` through `client` and reads the answer, within `timeout` in all.
    static func send(_ request: HTTPClientRequest, through client: HTTPClient, timeout: Duration) async throws -> Answer {
        let deadline = NIODeadline.now() + timeAmount(timeout)
        let response = try await client.execute(request, deadline: deadline)
        let body = try await response.body.collect(upTo: maximumAnswerSize)
        return Answer(status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
                      body: Data(body.readableBytesView))
    }

    /// A `Duration` as NIO's `TimeAmount` (nanoseconds).
    static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// `value` with everything but RFC 3986's unreserved ASCII characters percent-encoded: safe
    /// as a path segment and as a form value.
    static func percentEncoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// What a log may show of a device's push token: its last 6 characters.
    static func tokenTail(_ token: String) -> String {
        "…" + token.suffix(6)
    }

    /// A transport failure's reason (the error's description holds no credential).
    static func transportReason(_ error: any Error) -> String {
        if let error = error as? HTTPClientError { return "transport: \(error)" }
        return "transport: \(String(describing: error))"
    }
}
