import Foundation
import Hummingbird
import NIOCore
import XpediteProtocol

/// Builds JSON answers: canonical JSON, `Content-Type: application/json`.
enum JSONResponse {
    static func make(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        make(data: CanonicalJSON.data(value), status: status)
    }

    static func make(data: Data, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func empty(_ status: HTTPResponse.Status = .noContent) -> Response {
        Response(status: status)
    }
}
