import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Posts every packet as `application/json` to the app's endpoint URL with `URLSession`
/// (docs/protocol/packets.md#transport). Non-200 statuses, timeouts and connection failures become
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
        self.session = URLSession.ephemeral(timeout: timeout)
    }

    public func send(_ body: Data) async throws -> Data {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.httpBody = body
        let (data, http) = try await session.answer(for: request)
        guard http.statusCode == 200 else { throw TransportError.httpStatus(http.statusCode) }
        return data
    }
}
