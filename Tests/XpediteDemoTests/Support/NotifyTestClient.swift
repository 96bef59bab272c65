import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import XpediteDemo
import XpediteServer

/// The notification API of a demo server (NOTIFY-API.md), through a router test client.
struct NotifyTestClient {
    let client: any TestClientProtocol

    /// One request under `/notify/v1`; the status and the parsed body (`null` when empty).
    @discardableResult
    func call(_ method: HTTPRequest.Method, _ path: String, token: String?, body: JSONValue? = nil)
        async throws -> (status: HTTPResponse.Status, json: JSONValue) {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        if body != nil { headers[.contentType] = "application/json" }
        return try await client.execute(uri: "/notify/v1" + path, method: method, headers: headers,
                                        body: body.map { ByteBuffer(bytes: CanonicalJSON.data($0)) }) { response in
            let bytes = Data(response.body.readableBytesView)
            return (response.status, bytes.isEmpty ? .null : try JSONValue(parsing: bytes))
        }
    }

    /// Logs a device of `username` in; its device token.
    func login(_ username: String = DemoAccount.username, password: String = DemoAccount.password,
               sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let answer = try await call(.post, "/device/login", token: nil, body: [
            "username": .string(username), "password": .string(password), "deviceId": .string("phone-of-\(username)"),
            "deviceName": "Test Phone", "platform": "ios",
        ])
        #expect(answer.status == .ok, sourceLocation: sourceLocation)
        return try #require(answer.json["deviceToken"]?.stringValue, sourceLocation: sourceLocation)
    }

    /// The device's inbox.
    func inbox(_ token: String) async throws -> [JSONValue] {
        try await call(.get, "/device/inbox", token: token).json["messages"]?.arrayValue ?? []
    }

    /// Answers a message from a device.
    func answer(_ messageId: String, token: String, submitValue: Int, responseId: String = UUID().uuidString,
                values: JSONValue = [:]) async throws -> (status: HTTPResponse.Status, json: JSONValue) {
        try await call(.post, "/device/responses", token: token, body: [
            "responseId": .string(responseId), "messageId": .string(messageId),
            "submitValue": .number(Double(submitValue)), "values": values,
        ])
    }
}
