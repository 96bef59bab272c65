import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import XpediteProtocol

/// The notification API as a client: JSON requests with an API key, errors printed as the
/// server's error object says.
struct NotifyHTTP {
    let server: String
    let apiKey: String

    /// A request to `/notify/v1/<path>`.
    func request(_ path: String, method: HTTPMethod = .GET, body: JSONValue? = nil) -> HTTPClientRequest {
        var base = server
        while base.hasSuffix("/") { base.removeLast() }
        var request = HTTPClientRequest(url: base + "/notify/v1/" + path)
        request.method = method
        request.headers.add(name: "Authorization", value: "Bearer \(apiKey)")
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: CanonicalJSON.data(body)))
        }
        return request
    }

    /// Sends a JSON request and returns the status and the parsed answer.
    func send(_ request: HTTPClientRequest) async throws -> (status: UInt, json: JSONValue?) {
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 16 << 20)
        let json = try? JSONValue(parsing: Data(bytes.readableBytesView))    // an empty or non-JSON answer reads as nil
        return (response.status.code, json)
    }

    /// The readable text of an error answer.
    static func describe(status: UInt, json: JSONValue?) -> String {
        guard let error = json?["error"] else { return "HTTP \(status)" }
        var lines = ["HTTP \(status) \(error["code"]?.stringValue ?? ""): \(error["message"]?.stringValue ?? "")"]
        for issue in error["issues"]?.arrayValue ?? [] {
            lines.append("  \(issue["path"]?.stringValue ?? "$"): \(issue["message"]?.stringValue ?? "")")
        }
        return lines.joined(separator: "\n")
    }
}
