import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import XpediteNotifyTestSupport
import XpediteProtocol

/// A console's requests through a HummingbirdTesting client: signing in at
/// `/notify/console/session`, then calling `/notify/v1` with the session cookie and CSRF token.
struct ConsoleTestClient {
    /// A signed-in session as the browser holds it: the cookie and the CSRF token.
    struct Session: Sendable {
        /// `xpedite_console=…`, as the `Cookie` header sends it.
        var cookie: String
        var csrfToken: String
        var json: JSONValue
    }

    /// An answer: status, headers, raw body and parsed body.
    struct Answer: Sendable {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var text: String
        var json: JSONValue

        /// The `Set-Cookie` header.
        var setCookie: String? { headers[.setCookie] }
        /// The error object's code.
        var code: String? { json["error"]?["code"]?.stringValue }
    }

    let client: any TestClientProtocol

    /// One request to any path.
    func raw(_ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields = [:], body: JSONValue? = nil,
             form: String? = nil) async throws -> Answer {
        var fields = headers
        var payload: ByteBuffer?
        if let body {
            fields[.contentType] = "application/json"
            payload = ByteBuffer(bytes: CanonicalJSON.data(body))
        } else if let form {
            fields[.contentType] = "application/x-www-form-urlencoded"
            payload = ByteBuffer(string: form)
        }
        return try await client.execute(uri: uri, method: method, headers: fields, body: payload) { response in
            let bytes = Data(response.body.readableBytesView)
            return Answer(status: response.status, headers: response.headers, text: String(decoding: bytes, as: UTF8.self),
                          json: (try? JSONValue(parsing: bytes)) ?? .null)
        }
    }

    /// `POST /notify/console/session` with JSON.
    func signIn(_ username: String, _ password: String, headers: HTTPFields = [:]) async throws -> Answer {
        try await raw(.post, "/notify/console/session", headers: headers,
                      body: ["username": .string(username), "password": .string(password)])
    }

    /// Signs in, or fails the test.
    func session(_ username: String, _ password: String) async throws -> Session {
        let answer = try await signIn(username, password)
        guard answer.status == .ok, let setCookie = answer.setCookie,
              let pair = setCookie.split(separator: ";").first, let csrf = answer.json["csrfToken"]?.stringValue else {
            throw TestFailure("sign-in of \(username): \(answer.status) \(answer.text)")
        }
        return Session(cookie: String(pair), csrfToken: csrf, json: answer.json)
    }

    /// A request under `/notify/v1` with a session: its cookie, and its CSRF token unless `csrf`
    /// says otherwise (`.some(nil)`: none).
    func call(_ method: HTTPRequest.Method, _ path: String, session: Session, csrf: String?? = .none,
              headers: HTTPFields = [:], body: JSONValue? = nil) async throws -> Answer {
        var fields = headers
        fields[.cookie] = session.cookie
        let token: String? = switch csrf {
        case .none: session.csrfToken
        case .some(let chosen): chosen
        }
        if let token, let name = HeaderName("X-CSRF-Token") { fields[name] = token }
        return try await raw(method, "/notify/v1" + path, headers: fields, body: body)
    }

    /// Creates an operator with the API key, or fails the test.
    func putOperator(_ username: String, password: String, role: String) async throws {
        let answer = try await raw(.put, "/notify/v1/operators/\(username)",
                                   headers: [.authorization: "Bearer \(NotifyHarness.apiKey)"],
                                   body: ["password": .string(password), "role": .string(role)])
        guard answer.status == .ok else { throw TestFailure("PUT /operators/\(username): \(answer.status) \(answer.text)") }
    }
}

/// A header's name (HTTPTypes' `HTTPField.Name`, which Hummingbird does not re-export by name).
typealias HeaderName = HTTPFields.Element.Name
