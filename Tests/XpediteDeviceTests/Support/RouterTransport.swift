import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import XpediteClient

/// The device's requests sent to an application in the same process, through a HummingbirdTesting client.
struct RouterTransport: NotifyTransport {
    let client: any TestClientProtocol

    func send(_ request: NotifyHTTPRequest) async throws -> NotifyHTTPResponse {
        var headers: HTTPFields = [:]
        if let token = request.token { headers[.authorization] = "Bearer \(token)" }
        if let contentType = request.contentType { headers[.contentType] = contentType }
        let response = try await client.executeRequest(uri: "/notify/v1/" + request.pathAndQuery,
                                                       method: HTTPRequest.Method(request.method) ?? .get, headers: headers,
                                                       body: request.body.map { ByteBuffer(bytes: $0) })
        return NotifyHTTPResponse(status: Int(response.status.code), body: Data(response.body.readableBytesView))
    }
}
