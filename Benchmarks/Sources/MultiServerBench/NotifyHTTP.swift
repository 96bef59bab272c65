import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The notification API of one server, called with AsyncHTTPClient and JSON bodies: the calls of
/// `prepare` and the response posts whose round trip `latency` measures (no generated client in
/// between, so the round trip is the server's and the connection's).
struct NotifyHTTP: Sendable {
    /// `http://127.0.0.1:<port>/notify/v1`.
    let base: String
    let client: HTTPClient

    /// The API of the server at `server` (`http://host:port`).
    init(server: String, client: HTTPClient = .shared) {
        self.base = server + "/notify/v1"
        self.client = client
    }

    /// `PUT /users/{username}`.
    func putUser(_ username: String, password: String, apiKey: String) async throws {
        _ = try await call(.PUT, "/users/\(username)", credential: apiKey, body: UserBody(password: password), expect: .ok)
    }

    /// `POST /device/login`; returns the device token.
    func login(username: String, password: String, deviceId: String) async throws -> String {
        let body = LoginBody(username: username, password: password, deviceId: deviceId, deviceName: "bench", platform: "web")
        let answer = try await call(.POST, "/device/login", credential: nil, body: body, expect: .ok)
        return try JSONDecoder().decode(LoginAnswer.self, from: answer).deviceToken
    }

    /// `POST /send` of a one-field payload (a droplist) answered to `topic`; returns the message id
    /// and the count of push deliveries it recorded.
    func send(title: String, topic: String, to users: [String], apiKey: String) async throws -> Sent {
        let body = SendBody(title: title, body: "Pick one", payload: .init(responseTopic: topic), to: .init(users: users))
        let answer = try await call(.POST, "/send", credential: apiKey, body: body, expect: .created)
        return try JSONDecoder().decode(Sent.self, from: answer)
    }

    /// What `POST /send` answers (its recipients are not read).
    struct Sent: Decodable, Sendable {
        var messageId: String
        var deliveries: Int
    }

    /// `POST /device/responses`: a new valid answer to `messageId` (the droplist's "Green").
    func respond(responseId: String, messageId: String, deviceToken: String) async throws {
        let body = ResponseBody(responseId: responseId, messageId: messageId, submitValue: 0, values: ["colour": "Green"])
        _ = try await call(.POST, "/device/responses", credential: deviceToken, body: body, expect: .created)
    }

    /// One request; its answer's body, or ``BenchFailure`` (route, status and the error object)
    /// when the status is not `expect`.
    private func call(_ method: HTTPMethod, _ path: String, credential: String?, body: some Encodable,
                      expect: HTTPResponseStatus) async throws -> Data {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        request.headers.add(name: "Content-Type", value: "application/json")
        if let credential { request.headers.add(name: "Authorization", value: "Bearer \(credential)") }
        request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))
        let response: HTTPClientResponse
        let answer: ByteBuffer
        do {
            response = try await client.execute(request, timeout: .seconds(60))
            answer = try await response.body.collect(upTo: 1 << 20)
        } catch {
            throw BenchFailure("\(method) \(base)\(path): \(error)")
        }
        guard response.status == expect else {
            throw BenchFailure("\(method) \(base)\(path) answered \(response.status.code), not \(expect.code): "
                               + String(buffer: answer).prefix(300))
        }
        return Data(answer.readableBytesView)
    }
}

private struct UserBody: Encodable {
    var password: String
}

private struct LoginBody: Encodable {
    var username, password, deviceId, deviceName, platform: String
}

private struct LoginAnswer: Decodable {
    var deviceToken: String
}

private struct SendBody: Encodable {
    struct Payload: Encodable {
        struct Field: Encodable {
            var type = "droplist"
            var id = "colour"
            var label = "Pick your favorite color"
            var values = ["Red", "Green", "Blue"]
            var `default` = "Blue"
        }

        var responseTopic: String
        var fields = [Field()]
    }

    struct Recipients: Encodable {
        var users: [String]
    }

    var title, body: String
    var payload: Payload
    var to: Recipients
}

private struct ResponseBody: Encodable {
    var responseId, messageId: String
    var submitValue: Int
    var values: [String: String]
}
