import _CryptoExtras
import Crypto
import Foundation
import Hummingbird
import Synchronization
import XpediteNotify
import XpediteProtocol
import XpeditePush

/// A stand-in for Google's OAuth 2 token endpoint and FCM's HTTP v1 API (TLS, HTTP/2 on
/// 127.0.0.1) that checks requests as Google does and answers as told. Tests only.
///
/// - `POST /token`: form `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=<RS256 JWT>`;
///   the assertion is verified with the account's public key (`iss` == the account, `scope` with
///   `firebase.messaging`, `aud` == ``tokenURL``, `iat` not in the future, `exp` after now and at
///   most an hour after `iat`), else 400 `invalid_grant`. Answers `{"access_token", "expires_in",
///   "token_type": "Bearer"}`.
/// - `POST /v1/projects/<project>/messages:send`: `Authorization: Bearer` a live token (else 401
///   `UNAUTHENTICATED`), a body `{"message": {"token", "notification"?, "data"?}}` with string
///   data values and at most 4096 bytes (else 400 `INVALID_ARGUMENT`); then the ``Behaviour``.
public final class FCMStandIn: HostedStandIn {
    /// What the stand-in answers a valid send.
    public enum Behaviour: Sendable, Hashable {
        /// 200 `{"name": "projects/<p>/messages/<id>"}`; the message is recorded.
        case accept
        /// 404 `NOT_FOUND` with errorCode `UNREGISTERED`.
        case unregistered
        /// 400 `INVALID_ARGUMENT` with a field violation on `message.token`.
        case invalidToken
        /// 429 `RESOURCE_EXHAUSTED` (`QUOTA_EXCEEDED`) with this `Retry-After`.
        case quotaExceeded(retryAfter: String)
        /// 503 `UNAVAILABLE`.
        case unavailable
        /// Every access token granted so far stops working; this request gets 401.
        case expireAccessTokens
    }

    /// Chooses the answer to a valid send: its number among all sends (from 1) and its device token.
    public typealias Rule = @Sendable (_ requestNumber: Int, _ deviceToken: String) -> Behaviour

    /// One accepted message.
    public struct AcceptedMessage: Sendable {
        /// `message.token`.
        public var token: String
        /// `message.notification.title` and `.body`.
        public var title: String?, body: String?
        /// `message.data`, every value a string.
        public var data: [String: String]
        /// The whole request body, parsed.
        public var request: JSONValue
        /// The access token it came with.
        public var accessToken: String
        /// Whether it came as an HTTP/2 stream.
        public var isHTTP2: Bool
    }

    private struct State {
        var rule: Rule = { _, _ in .accept }
        var accessTokenLifetime = 3600
        var liveTokens: [String: Date] = [:]
        var grants = 0
        var sends = 0
        var accepted: [AcceptedMessage] = []
        var answers: [Int] = []
    }

    /// The Firebase project.
    public let projectId: String
    /// The service account's e-mail address.
    public let clientEmail: String
    private let publicKey: _RSA.Signing.PublicKey
    private let now: @Sendable () -> Date
    private let state = Mutex(State())
    private let server: Mutex<StandInServer?> = Mutex(nil)

    /// A stand-in for `account` on `port` (0: any free port).
    public convenience init(account: ThrowawayServiceAccount, port: Int = 0, now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(publicKey: account.publicKey, clientEmail: account.clientEmail, projectId: account.projectId, port: port, now: now)
    }

    /// A stand-in for the account with this key, e-mail and project, on `port` (0: any free port).
    public init(publicKey: _RSA.Signing.PublicKey, clientEmail: String, projectId: String, port: Int = 0,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.publicKey = publicKey
        self.clientEmail = clientEmail
        self.projectId = projectId
        self.now = now
        let server = StandInServer(name: "fcm-stand-in", port: port) { [weak self] request, context in
            guard let self else { return StandInHTTP.empty(503) }
            return try await self.respond(to: request, context: context)
        }
        self.server.withLock { $0 = server }
    }

    /// The server it answers on.
    public var standInServer: (any StandInListener)? { server.withLock { $0 } }

    /// `https://127.0.0.1:<port>/token`: the service account's `token_uri`.
    public var tokenURL: String { baseURL + "/token" }

    /// Sets how valid sends are answered (every one accepted until told otherwise).
    public func setRule(_ rule: @escaping Rule) { state.withLock { $0.rule = rule } }
    /// Answers every valid send with `behaviour`.
    public func setBehaviour(_ behaviour: Behaviour) { setRule { _, _ in behaviour } }
    /// Sets `expires_in` of the tokens granted from now on (3600 s by default).
    public func setAccessTokenLifetime(seconds: Int) { state.withLock { $0.accessTokenLifetime = seconds } }
    /// Makes every access token granted so far invalid (sends with them get 401).
    public func expireAccessTokens() { state.withLock { $0.liveTokens.removeAll() } }
    /// How many access tokens were granted.
    public var tokenGrants: Int { state.withLock { $0.grants } }
    /// How many send requests arrived, valid or not.
    public var sendCount: Int { state.withLock { $0.sends } }
    /// Every accepted message, in order of arrival.
    public var accepted: [AcceptedMessage] { state.withLock { $0.accepted } }
    /// The status of every answer to a send, in order.
    public var answers: [Int] { state.withLock { $0.answers } }

    private func respond(to request: Request, context: StandInRequestContext) async throws -> Response {
        let body = try await StandInHTTP.body(request)
        guard request.method == .post else { return Self.error(405, "METHOD_NOT_ALLOWED", "Method not allowed.") }
        if request.uri.path == "/token" { return grant(request, body: body) }
        let response = send(request, body: body, context: context)
        state.withLock { $0.answers.append(Int(response.status.code)) }
        return response
    }

    // MARK: The token endpoint

    private func grant(_ request: Request, body: Data) -> Response {
        func refuse(_ error: String, _ description: String) -> Response {
            StandInHTTP.json(400, ["error": .string(error), "error_description": .string(description)])
        }
        guard StandInHTTP.header(request, "content-type")?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
        else { return refuse("invalid_request", "Bad Request") }
        let form = Self.form(String(decoding: body, as: UTF8.self))
        guard form["grant_type"] == "urn:ietf:params:oauth:grant-type:jwt-bearer" else {
            return refuse("unsupported_grant_type", "Invalid grant_type: \(form["grant_type"] ?? "")")
        }
        guard let assertion = form["assertion"] else { return refuse("invalid_request", "Missing required parameter: assertion") }
        let jwt: JSONWebToken
        do {
            jwt = try JSONWebToken.verifiedRS256(assertion, with: publicKey)
        } catch {
            return refuse("invalid_grant", "Invalid JWT Signature.")
        }
        let now = now().timeIntervalSince1970
        guard jwt.string("iss") == clientEmail else { return refuse("invalid_grant", "Invalid issuer.") }
        guard let scope = jwt.string("scope"), scope.split(separator: " ").contains(Substring(FCMAccessTokens.scope))
        else { return refuse("invalid_scope", "Invalid OAuth scope or ID token audience provided.") }
        guard jwt.string("aud") == tokenURL else { return refuse("invalid_grant", "Invalid JWT audience.") }
        guard let iat = jwt.integer("iat"), let exp = jwt.integer("exp"), Double(iat) <= now, Double(exp) > now, exp - iat <= 3600
        else { return refuse("invalid_grant", "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.") }
        let token = "ya29.stand-in." + Base64URL.encode((0..<24).map { _ in UInt8.random(in: 0...255) })
        let lifetime = state.withLock { state -> Int in
            state.grants += 1
            state.liveTokens[token] = Date(timeIntervalSince1970: now + Double(state.accessTokenLifetime))
            return state.accessTokenLifetime
        }
        return StandInHTTP.json(200, ["access_token": .string(token), "expires_in": .number(Double(lifetime)), "token_type": "Bearer"])
    }

    /// The fields of `application/x-www-form-urlencoded` text.
    private static func form(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ part: Substring) -> String {
                let spaced = part.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            fields[decoded(parts[0])] = parts.count > 1 ? decoded(parts[1]) : ""
        }
        return fields
    }

    // MARK: Sending

    private func send(_ request: Request, body: Data, context: StandInRequestContext) -> Response {
        let number = state.withLock { state -> Int in
            state.sends += 1
            return state.sends
        }
        guard request.uri.path == "/v1/projects/\(projectId)/messages:send" else {
            if request.uri.path.hasPrefix("/v1/projects/"), request.uri.path.hasSuffix("/messages:send") {
                return Self.error(403, "PERMISSION_DENIED", "Permission 'cloudmessaging.messages.create' denied on resource.")
            }
            return Self.error(404, "NOT_FOUND", "Not found.")
        }
        let authorization = StandInHTTP.header(request, "authorization") ?? ""
        guard authorization.hasPrefix("Bearer ") || authorization.hasPrefix("bearer ") else { return Self.unauthenticated }
        let accessToken = String(authorization.dropFirst("Bearer ".count))
        let now = now()
        guard state.withLock({ state in state.liveTokens[accessToken].map { $0 > now } ?? false }) else { return Self.unauthenticated }
        guard let json = StandInHTTP.json(body), let message = json["message"]?.objectValue else {
            return Self.error(400, "INVALID_ARGUMENT", "Invalid JSON payload received.")
        }
        guard let token = message["token"]?.stringValue, !token.isEmpty else {
            return Self.invalidArgument("Recipient of the message is not set.", field: "message.token", "Missing token")
        }
        let notification = message["notification"]
        if let notification, notification.objectValue == nil || [notification["title"], notification["body"]].contains(where: {
            $0 != nil && $0?.stringValue == nil
        }) {
            return Self.invalidArgument("Invalid value at 'message.notification'.", field: "message.notification", "Invalid notification")
        }
        var data: [String: String] = [:]
        if let members = message["data"] {
            guard let object = members.objectValue else {
                return Self.invalidArgument("Invalid value at 'message.data'.", field: "message.data", "Invalid data")
            }
            for (key, value) in object {
                guard let text = value.stringValue else {
                    return Self.invalidArgument("Invalid value at 'message.data[\(key)].value' (TYPE_STRING), \(value.summary)",
                                                field: "message.data[\(key)].value", "Invalid value at 'message.data[\(key)].value' (TYPE_STRING)")
                }
                data[key] = text
            }
        }
        let carried = CanonicalJSON.bytes(.object(JSONObject(data.mapValues { JSONValue.string($0) }))).count
            + (notification.map { CanonicalJSON.bytes($0).count } ?? 0)
        guard carried <= 4096 else {
            return Self.error(400, "INVALID_ARGUMENT", "Request contains an invalid argument: message is too big.", errorCode: "INVALID_ARGUMENT")
        }
        let behaviour = state.withLock { $0.rule }(number, token)
        switch behaviour {
        case .accept:
            let accepted = AcceptedMessage(token: token, title: notification?["title"]?.stringValue, body: notification?["body"]?.stringValue,
                                           data: data, request: json, accessToken: accessToken, isHTTP2: context.isHTTP2)
            state.withLock { $0.accepted.append(accepted) }
            return StandInHTTP.json(200, ["name": .string("projects/\(projectId)/messages/0:\(number)%\(UInt32.random(in: 0...UInt32.max))")])
        case .unregistered:
            return Self.error(404, "NOT_FOUND", "Requested entity was not found.", errorCode: "UNREGISTERED")
        case .invalidToken:
            return Self.invalidArgument("The registration token is not a valid FCM registration token", field: "message.token",
                                        "The registration token is not a valid FCM registration token")
        case .quotaExceeded(let retryAfter):
            return Self.error(429, "RESOURCE_EXHAUSTED", "Quota exceeded.", errorCode: "QUOTA_EXCEEDED", headers: ["retry-after": retryAfter])
        case .unavailable:
            return Self.error(503, "UNAVAILABLE", "The service is currently unavailable.", errorCode: "UNAVAILABLE")
        case .expireAccessTokens:
            expireAccessTokens()
            return Self.unauthenticated
        }
    }

    private static var unauthenticated: Response {
        error(401, "UNAUTHENTICATED", "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.")
    }

    private static func invalidArgument(_ message: String, field: String, _ description: String) -> Response {
        error(400, "INVALID_ARGUMENT", message, errorCode: "INVALID_ARGUMENT", extraDetails: [[
            "@type": "type.googleapis.com/google.rpc.BadRequest",
            "fieldViolations": [["field": .string(field), "description": .string(description)]],
        ]])
    }

    private static func error(_ code: Int, _ status: String, _ message: String, errorCode: String? = nil,
                              extraDetails: [JSONValue] = [], headers: [String: String] = [:]) -> Response {
        var details: [JSONValue] = []
        if let errorCode {
            details.append(["@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", "errorCode": .string(errorCode)])
        }
        var error: JSONObject = ["code": .number(Double(code)), "message": .string(message), "status": .string(status)]
        if !(details + extraDetails).isEmpty { error["details"] = .array(details + extraDetails) }
        return StandInHTTP.json(code, ["error": .object(error)], headers: headers)
    }
}
