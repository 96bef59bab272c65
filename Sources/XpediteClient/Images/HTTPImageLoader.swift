import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Loads images with `URLSession` GET requests; an HTTP status other than 200 is an error.
public struct HTTPImageLoader: ImageLoader {
    private let session: URLSession

    /// Creates a loader with a per-request timeout (30 s by default).
    public init(timeout: Duration = .seconds(30)) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = Double(timeout.components.seconds)
        self.session = URLSession(configuration: configuration)
    }

    public func load(_ url: URL) async throws -> Data {
        let (data, response) = try await session.data(from: url)
        if let http = response as? HTTPURLResponse, http.statusCode != 200 {
            throw TransportError.httpStatus(http.statusCode)
        }
        return data
    }
}
