import Foundation
import Hummingbird
import NIOCore
import XpediteProtocol

/// What both stand-ins do with requests and answers.
enum StandInHTTP {
    /// The first value of header `name` (lowercase).
    static func header(_ request: Request, _ name: String) -> String? {
        request.headers.first { $0.name.canonicalName == name }?.value
    }

    /// A JSON answer with `status` and extra `headers`.
    static func json(_ status: Int, _ body: JSONValue, headers: [String: String] = [:]) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        for (name, value) in headers {
            if let name = HTTPFields.Element.Name(name) { fields[name] = value }
        }
        return Response(status: HTTPResponse.Status(code: status), headers: fields,
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: CanonicalJSON.bytes(body))))
    }

    /// An empty answer with `status` and extra `headers`.
    static func empty(_ status: Int, headers: [String: String] = [:]) -> Response {
        var fields = HTTPFields()
        for (name, value) in headers {
            if let name = HTTPFields.Element.Name(name) { fields[name] = value }
        }
        return Response(status: HTTPResponse.Status(code: status), headers: fields)
    }

    /// The request's whole body (at most 1 MiB: a larger one fails the request).
    static func body(_ request: Request) async throws -> Data {
        let buffer = try await request.body.collect(upTo: 1 << 20)
        return Data(buffer.readableBytesView)
    }

    /// The body as JSON, `nil` when it is not.
    static func json(_ data: Data) -> JSONValue? {
        do {
            return try JSONValue(parsing: data)
        } catch {
            return nil   // the caller answers 400 for a body that is not JSON
        }
    }
}
