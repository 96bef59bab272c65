import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import XpediteDemo
import XpediteServer
import XpediteNotifyTestSupport

/// The notification API of a demo server, through a router test client (requests made by the
/// shared ``NotifyAPITestClient``).
struct NotifyTestClient {
    let client: any TestClientProtocol

    /// One request under `/notify/v1`; the status and the parsed body (`null` when empty).
    @discardableResult
    func call(_ method: HTTPRequest.Method, _ path: String, token: String?, body: JSONValue? = nil)
        async throws -> (status: HTTPResponse.Status, json: JSONValue) {
        try await NotifyAPITestClient(client: client).request(method, path, bearer: token, body: body)
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
