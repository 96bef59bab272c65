import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession {
    /// An ephemeral session (no shared cookies or cache) whose requests and resources time out
    /// after `timeout`.
    static func ephemeral(timeout: Duration) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        return URLSession(configuration: configuration)
    }

    /// Sends `request` and returns the HTTP answer, any status. A timeout becomes
    /// ``TransportError/timedOut``, another failure to connect ``TransportError/connectionFailed(_:)``,
    /// a cancelled request `CancellationError`.
    func answer(for request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await self.data(for: request)
        } catch let error as URLError {
            if error.code == .cancelled { throw CancellationError() }
            if error.code == .timedOut { throw TransportError.timedOut }
            throw TransportError.connectionFailed(error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else { throw TransportError.connectionFailed("not an HTTP response") }
        return (data, http)
    }
}
