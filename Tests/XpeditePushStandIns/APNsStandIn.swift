import Crypto
import Foundation
import NIOCore
import XpediteNotify
import XpediteProtocol
import Synchronization
import XpeditePush

/// A stand-in for Apple's APNs (token-based, HTTP/2 over TLS on 127.0.0.1) that checks every
/// request as Apple documents it and answers as told. Tests only. It runs on a lean
/// ``HTTP2StandInServer`` (frames answered on the connection's event loop, 1000 concurrent streams
/// as Apple allows), so that the push benchmark measures the sender rather than the stand-in.
///
/// Checked, in Apple's order, with Apple's status and `{"reason"}`: `POST` (405
/// `MethodNotAllowed`), path `/3/device/<hex token>` (404 `BadPath`, 400 `BadDeviceToken`),
/// `authorization: bearer <ES256 JWT>` verified with the public key, `kid` == key id, `iss` ==
/// team id, `iat` not in the future (403 `MissingProviderToken`/`InvalidProviderToken`) and at most
/// an hour old (403 `ExpiredProviderToken`), `apns-topic` (400 `MissingTopic`/`TopicDisallowed`),
/// `apns-push-type` (400 `InvalidPushType`), `apns-priority` 10 or 5 (400 `BadPriority`),
/// `apns-id` a UUID (400 `BadMessageId`), `apns-expiration` numeric (400 `BadExpirationDate`),
/// a body of at most 4096 bytes (413 `PayloadTooLarge`) that is JSON with `aps.alert` (400
/// `PayloadEmpty`/`BadPayload`). A request that passes gets the ``Behaviour`` the rule gives.
public final class APNsStandIn: HostedStandIn {
    /// What the stand-in answers a valid request.
    public enum Behaviour: Sendable, Hashable {
        /// 200, `apns-id` echoed; the push is recorded.
        case accept
        /// 410 `Unregistered` (with `timestamp`).
        case unregistered
        /// 400 `BadDeviceToken`.
        case badDeviceToken
        /// 400 `DeviceTokenNotForTopic`.
        case deviceTokenNotForTopic
        /// 429 `TooManyRequests`, with this `Retry-After` value when given.
        case tooManyRequests(retryAfter: String?)
        /// 500 `InternalServerError`.
        case internalServerError
        /// 503 `ServiceUnavailable`.
        case serviceUnavailable
        /// 403 `ExpiredProviderToken`.
        case expiredProviderToken
        /// 413 `PayloadTooLarge`, whatever the size (to see a provider send again without the payload).
        case payloadTooLarge
    }

    /// Chooses the answer to a valid request: its number among all requests (from 1) and its device token.
    public typealias Rule = @Sendable (_ requestNumber: Int, _ deviceToken: String) -> Behaviour

    /// One accepted push.
    public struct AcceptedPush: Sendable {
        /// The device token of the path.
        public var deviceToken: String
        /// `apns-id`.
        public var apnsId: String
        /// `apns-topic`, `apns-push-type`, `apns-priority`, `apns-expiration`.
        public var topic: String, pushType: String, priority: String, expiration: String
        /// The body, parsed.
        public var body: JSONValue
        /// The body's size in bytes.
        public var bodySize: Int
        /// The provider token (JWT) it was sent with.
        public var jwt: String
        /// The client's connection (address and port).
        public var connection: String
        /// Whether it came as an HTTP/2 stream.
        public var isHTTP2: Bool
        /// `apns-collapse-id`, when sent.
        public var collapseId: String?
    }

    /// One answer given, for tests that look at refusals.
    public struct Answer: Sendable, Hashable {
        /// The HTTP status.
        public var status: Int
        /// APNs' reason (`nil` for 200).
        public var reason: String?

        /// An answer with `status` and `reason`.
        public init(status: Int, reason: String? = nil) {
            self.status = status
            self.reason = reason
        }
    }

    private struct State {
        var rule: Rule = { _, _ in .accept }
        var requests = 0
        var accepted: [AcceptedPush] = []
        var answers: [Answer] = []
    }

    /// The key id the JWT's `kid` must name.
    public let keyId: String
    /// The team id the JWT's `iss` must name.
    public let teamId: String
    /// The topic (bundle id) pushes must name.
    public let topic: String
    private let publicKey: P256.Signing.PublicKey
    private let now: @Sendable () -> Date
    private let state = Mutex(State())
    private let server: Mutex<HTTP2StandInServer?> = Mutex(nil)
    /// Provider tokens whose signature was checked, as APNs keeps them: a token is reused for
    /// many pushes, so its signature is verified once (its age is still checked on every push).
    private let verifiedTokens = Mutex<[String: JSONWebToken]>([:])

    /// A stand-in for the key whose public half is `publicKey`, on `port` (0: any free port).
    public init(publicKey: P256.Signing.PublicKey, keyId: String, teamId: String, topic: String, port: Int = 0,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.publicKey = publicKey
        self.keyId = keyId
        self.teamId = teamId
        self.topic = topic
        self.now = now
        let server = HTTP2StandInServer(port: port) { [weak self] request in
            guard let self else { return HTTP2StandInAnswer(status: 503) }
            return self.respond(to: request)
        }
        self.server.withLock { $0 = server }
    }

    /// The server it answers on.
    public var standInServer: (any StandInListener)? { server.withLock { $0 } }


    /// Sets how valid requests are answered (every one accepted until told otherwise).
    public func setRule(_ rule: @escaping Rule) { state.withLock { $0.rule = rule } }
    /// Answers every valid request with `behaviour`.
    public func setBehaviour(_ behaviour: Behaviour) { setRule { _, _ in behaviour } }
    /// Every accepted push, in order of arrival.
    public var accepted: [AcceptedPush] { state.withLock { $0.accepted } }
    /// Every answer given, in order.
    public var answers: [Answer] { state.withLock { $0.answers } }
    /// How many requests arrived, valid or not.
    public var requestCount: Int { state.withLock { $0.requests } }

    private func respond(to request: HTTP2StandInRequest) -> HTTP2StandInAnswer {
        let number = state.withLock { state -> Int in
            state.requests += 1
            return state.requests
        }
        let response: (answer: Answer, extra: [(name: String, value: String)], push: AcceptedPush?)
        switch check(request) {
        case .refused(let refusal):
            response = (refusal, [], nil)
        case .valid(let push):
            let behaviour = state.withLock { $0.rule }(number, push.deviceToken)
            switch behaviour {
            case .accept: response = (Answer(status: 200), [], push)
            case .unregistered: response = (Answer(status: 410, reason: "Unregistered"), [], nil)
            case .badDeviceToken: response = (Answer(status: 400, reason: "BadDeviceToken"), [], nil)
            case .deviceTokenNotForTopic: response = (Answer(status: 400, reason: "DeviceTokenNotForTopic"), [], nil)
            case .tooManyRequests(let retryAfter):
                response = (Answer(status: 429, reason: "TooManyRequests"), retryAfter.map { [("retry-after", $0)] } ?? [], nil)
            case .internalServerError: response = (Answer(status: 500, reason: "InternalServerError"), [], nil)
            case .serviceUnavailable: response = (Answer(status: 503, reason: "ServiceUnavailable"), [], nil)
            case .expiredProviderToken: response = (Answer(status: 403, reason: "ExpiredProviderToken"), [], nil)
            case .payloadTooLarge: response = (Answer(status: 413, reason: "PayloadTooLarge"), [], nil)
            }
        }
        state.withLock { state in
            state.answers.append(response.answer)
            if let push = response.push { state.accepted.append(push) }
        }
        var headers = response.extra
        if let apnsId = request.header("apns-id"), UUID(uuidString: apnsId) != nil { headers.append(("apns-id", apnsId)) }
        guard let reason = response.answer.reason else { return HTTP2StandInAnswer(status: response.answer.status, headers: headers) }
        var error: JSONObject = ["reason": .string(reason)]
        if response.answer.status == 410 { error["timestamp"] = .number((now().timeIntervalSince1970 * 1000).rounded(.down)) }
        headers.append(("content-type", "application/json"))
        return HTTP2StandInAnswer(status: response.answer.status, headers: headers,
                                  body: ByteBuffer(bytes: CanonicalJSON.bytes(.object(error))))
    }

    private static let pushTypes: Set<String> = ["alert", "background", "location", "voip", "complication", "fileprovider",
                                                 "mdm", "liveactivity", "pushtotalk", "widgets", "controls"]

    /// What checking a request found.
    private enum Check {
        case valid(AcceptedPush)
        case refused(Answer)
    }

    /// The push a request carries, or Apple's refusal of it.
    private func check(_ request: HTTP2StandInRequest) -> Check {
        func refuse(_ status: Int, _ reason: String) -> Check { .refused(Answer(status: status, reason: reason)) }
        guard request.method == "POST" else { return refuse(405, "MethodNotAllowed") }
        let path = request.path.map { $0.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0] } ?? ""
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count == 4, segments[0].isEmpty, segments[1] == "3", segments[2] == "device" else { return refuse(404, "BadPath") }
        let deviceToken = String(segments[3])
        guard !deviceToken.isEmpty, deviceToken.allSatisfy(\.isHexDigit) else { return refuse(400, "BadDeviceToken") }

        guard let authorization = request.header("authorization") else { return refuse(403, "MissingProviderToken") }
        guard authorization.lowercased().hasPrefix("bearer ") else { return refuse(403, "InvalidProviderToken") }
        let jwt = String(authorization.dropFirst("bearer ".count))
        let token: JSONWebToken
        if let known = verifiedTokens.withLock({ $0[jwt] }) {
            token = known
        } else {
            do {
                token = try JSONWebToken.verifiedES256(jwt, with: publicKey)
            } catch {
                return refuse(403, "InvalidProviderToken")
            }
            verifiedTokens.withLock { tokens in
                if tokens.count >= 8 { tokens.removeAll() }
                tokens[jwt] = token
            }
        }
        let now = now().timeIntervalSince1970
        guard token.keyId == keyId, token.string("iss") == teamId, let iat = token.integer("iat"), Double(iat) <= now
        else { return refuse(403, "InvalidProviderToken") }
        guard now - Double(iat) <= 3600 else { return refuse(403, "ExpiredProviderToken") }

        guard let topicHeader = request.header("apns-topic") else { return refuse(400, "MissingTopic") }
        guard topicHeader == topic else { return refuse(400, "TopicDisallowed") }
        guard let pushType = request.header("apns-push-type"), Self.pushTypes.contains(pushType)
        else { return refuse(400, "InvalidPushType") }
        guard let priority = request.header("apns-priority"), priority == "10" || priority == "5"
        else { return refuse(400, "BadPriority") }
        guard let apnsId = request.header("apns-id"), UUID(uuidString: apnsId) != nil
        else { return refuse(400, "BadMessageId") }
        guard let expiration = request.header("apns-expiration"), !expiration.isEmpty,
              expiration.allSatisfy(\.isASCII), expiration.allSatisfy(\.isNumber)
        else { return refuse(400, "BadExpirationDate") }

        let collapseId = request.header("apns-collapse-id")
        if let collapseId, collapseId.utf8.count > 64 { return refuse(400, "BadCollapseId") }

        let size = request.body.readableBytes
        guard size > 0 else { return refuse(400, "PayloadEmpty") }
        guard size <= 4096 else { return refuse(413, "PayloadTooLarge") }
        guard let json = StandInHTTP.json(Data(request.body.readableBytesView)) else { return refuse(400, "BadPayload") }
        // A background push wakes the app without an alert: priority 5 and `content-available: 1`.
        if pushType == "background" {
            guard priority == "5" else { return refuse(400, "BadPriority") }
            guard json["aps"]?["content-available"] == 1, json["aps"]?["alert"] == nil else { return refuse(400, "BadPayload") }
        } else if json["aps"]?["alert"]?.objectValue == nil {
            return refuse(400, "BadPayload")
        }
        return .valid(AcceptedPush(deviceToken: deviceToken, apnsId: apnsId, topic: topicHeader, pushType: pushType,
                                     priority: priority, expiration: expiration, body: json, bodySize: size, jwt: jwt,
                                     connection: request.connection, isHTTP2: true, collapseId: collapseId))
    }
}
