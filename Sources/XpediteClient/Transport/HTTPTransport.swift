import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Posts every packet as `application/json` to the app's endpoint URL with `URLSession`
/// (PROTOCOL.md §1.1). Non-200 statuses, timeouts and connection failures become
/// ``TransportError``.
public struct HTTPTransport: Transport {
    /// The endpoint URL.
    public var url: URL
    /// The request timeout (30 s by default).
    public var timeout: Duration
    private let session: URLSession

    /// Creates a transport posting to `url`.
    public init(url: URL, timeout: Duration = .seconds(30)) {
        self.url = url
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        self.session = URLSession(configuration: configuration)
    }

    public func send(_ body: Data) async throws -> Data {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.httpBody = body
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch let error as URLError {
            if error.code == .cancelled { throw CancellationError() }
            if error.code == .timedOut { throw TransportError.timedOut }
            throw TransportError.connectionFailed(error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else {
            throw TransportError.connectionFailed("not an HTTP response")
        }
        guard http.statusCode == 200 else { throw TransportError.httpStatus(http.statusCode) }
        return data
    }
}
