import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import XpediteProtocol

/// One request to the notification API (`/notify/v1`) through a HummingbirdTesting client: the
/// request every notification test target makes, written once. The targets' helpers (sign-ins,
/// sends, answers) are built on it.
public struct NotifyAPITestClient: Sendable {
    /// The test client of the application under test.
    public let client: any TestClientProtocol

    /// A client over `client`.
    public init(client: any TestClientProtocol) {
        self.client = client
    }

    /// One request under `/notify/v1`; the status and the parsed body (`null` when it is empty or
    /// not JSON).
    ///
    /// - Parameters:
    ///   - bearer: the API key or a device token (`Authorization: Bearer …`), or `nil` for none.
    ///   - body: a JSON body; `raw` sends bytes as they are instead.
    public func request(_ method: HTTPRequest.Method, _ path: String, bearer: String?, body: JSONValue? = nil,
                        raw: ByteBuffer? = nil, headers: HTTPFields = [:]) async throws
        -> (status: HTTPResponse.Status, json: JSONValue) {
        var fields = headers
        if let bearer { fields[.authorization] = "Bearer \(bearer)" }
        if body != nil { fields[.contentType] = "application/json" }
        let payload = raw ?? body.map { ByteBuffer(bytes: CanonicalJSON.data($0)) }
        return try await client.execute(uri: "/notify/v1" + path, method: method, headers: fields, body: payload) { response in
            let bytes = Data(response.body.readableBytesView)
            return (response.status, (try? JSONValue(parsing: bytes)) ?? .null)
        }
    }
}
