import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends notification API requests over HTTP with `URLSession`, to `<server>/notify/v1/…`.
/// Connection failures and timeouts become ``TransportError``; every HTTP status is an answer.
public struct URLSessionNotifyTransport: NotifyTransport {
    /// The API's base URL, ending in `/notify/v1`.
    public var baseURL: URL
    private let session: URLSession

    /// Creates a transport for the server at `server`: the application's base URL
    /// (`http://127.0.0.1:8080`) or the API's (`http://127.0.0.1:8080/notify/v1`).
    public init(server: URL, timeout: Duration = .seconds(30)) {
        baseURL = Self.apiURL(server)
        session = URLSession.ephemeral(timeout: timeout)
    }

    /// The API's base URL for a server URL: `/notify/v1` appended unless it is already there.
    public static func apiURL(_ server: URL) -> URL {
        var text = server.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        if !text.hasSuffix("/notify/v1") { text += "/notify/v1" }
        return URL(string: text) ?? server
    }

    public func send(_ request: NotifyHTTPRequest) async throws -> NotifyHTTPResponse {
        guard let url = URL(string: baseURL.absoluteString + "/" + request.pathAndQuery) else {
            throw TransportError.connectionFailed("not a URL: \(baseURL.absoluteString)/\(request.pathAndQuery)")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token = request.token { urlRequest.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let contentType = request.contentType { urlRequest.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        urlRequest.httpBody = request.body
        let (data, http) = try await session.answer(for: urlRequest)
        return NotifyHTTPResponse(status: http.statusCode, body: data)
    }
}
