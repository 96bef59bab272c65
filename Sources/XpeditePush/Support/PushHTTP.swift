import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import XpediteNotify
import XpediteProtocol

/// What the push providers share about HTTP: one request with its timeout, the answer read
/// whole, and log-safe forms of what they send.
enum PushHTTP {
    /// The largest answer body read from a push service (their answers are small JSON).
    static let maximumAnswerSize = 64 * 1024

    /// A status, its headers and its body, read whole.
    struct Answer: Sendable {
        var status: Int
        var headers: HTTPHeaders
        var body: Data

        /// The first value of header `name` (case-insensitive).
        func header(_ name: String) -> String? {
            headers.first(name: name)
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
        return Answer(status: Int(response.status.code), headers: response.headers, body: Data(body.readableBytesView))
    }

    /// POSTs `body` to `url` through `client` with the request, its connection and the answer on
    /// `eventLoop` (AsyncHTTPClient keeps an HTTP/2 connection per event loop a request requires,
    /// so the loops a caller spreads its requests over are its pool of connections), and reads the
    /// answer, within `timeout` in all. Cheaper per request than the async `execute(_:deadline:)`,
    /// which adds a task, an actor and a body stream to each; cancelling the calling task cancels
    /// the request.
    static func post(_ url: String, headers: HTTPHeaders, body: ByteBuffer, through client: HTTPClient,
                     on eventLoop: any EventLoop, timeout: Duration) async throws -> Answer {
        let request = try HTTPClient.Request(url: url, method: .POST, headers: headers, body: .byteBuffer(body))
        let task = client.execute(request: request, delegate: ResponseAccumulator(request: request, maxBodySize: maximumAnswerSize),
                                  eventLoop: .delegateAndChannel(on: eventLoop), deadline: .now() + timeAmount(timeout))
        let response = try await withTaskCancellationHandler {
            try await task.futureResult.get()
        } onCancel: {
            task.cancel()
        }
        return Answer(status: Int(response.status.code), headers: response.headers,
                      body: response.body.map { Data($0.readableBytesView) } ?? Data())
    }

    /// A `Duration` as NIO's `TimeAmount` (nanoseconds).
    static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// `value` with everything but RFC 3986's unreserved ASCII characters percent-encoded: safe
    /// as a path segment and as a form value.
    static func percentEncoded(_ value: String) -> String {
        // A device token is hex: nothing to encode, and no trip through Foundation per push.
        if value.utf8.allSatisfy(isUnreserved) { return value }
        return value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
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
