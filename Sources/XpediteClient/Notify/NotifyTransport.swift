import Foundation

/// Carries one request of the notification API's device routes (docs/notify-api.md#device-routes)
/// and brings back the answer, whatever its status. ``URLSessionNotifyTransport`` speaks HTTP to a
/// server; tests call a `Notifier` in the same process through the same protocol.
///
/// A transport throws ``TransportError`` (`connectionFailed` or `timedOut`) when the server
/// cannot be reached: that, and only that, puts a response in the ``DeviceClient`` outbox.
public protocol NotifyTransport: Sendable {
    /// Sends `request` and returns the answer, 2xx or not.
    func send(_ request: NotifyHTTPRequest) async throws -> NotifyHTTPResponse
}

/// One request to the notification API, relative to its base path `/notify/v1`.
public struct NotifyHTTPRequest: Sendable, Hashable {
    /// The HTTP method: `GET`, `POST`, `PUT` or `DELETE`.
    public var method: String
    /// The path below `/notify/v1/`, percent-encoded, without a leading slash: `device/inbox`.
    public var path: String
    /// The query items (`kind=image`), in order.
    public var query: [URLQueryItem]
    /// The device token sent as `Authorization: Bearer …`; `nil` for `POST /device/login`.
    public var token: String?
    /// The `Content-Type` of ``body``.
    public var contentType: String?
    /// The body: JSON, or a document's raw bytes.
    public var body: Data?

    /// Creates a request.
    public init(method: String, path: String, query: [URLQueryItem] = [], token: String? = nil,
                contentType: String? = nil, body: Data? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.token = token
        self.contentType = contentType
        self.body = body
    }

    /// The path and query as they follow the base URL: `device/documents?kind=image`.
    public var pathAndQuery: String {
        guard !query.isEmpty else { return path }
        var components = URLComponents()
        components.queryItems = query
        return path + "?" + (components.percentEncodedQuery ?? "")
    }
}

/// The answer to a ``NotifyHTTPRequest``.
public struct NotifyHTTPResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// The body (empty for 204).
    public var body: Data

    /// Creates an answer.
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
