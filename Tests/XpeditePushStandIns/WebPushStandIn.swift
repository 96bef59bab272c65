import Crypto
import Foundation
import Hummingbird
import Synchronization
import XpediteNotify
import XpediteProtocol
import XpeditePush

/// A browser push service (RFC 8030) over TLS on 127.0.0.1, for tests: it hands out subscriptions
/// whose private keys it keeps, and checks every push as a real service and browser do — the
/// VAPID `Authorization` (RFC 8292: an ES256 JWT whose `aud` is this origin, `exp` within 24 h, a
/// `sub`, verified with the `k=` key), `Content-Encoding: aes128gcm`, `TTL`, and a body it
/// decrypts with the subscription's private key (RFC 8291). `POST /sink` answers 201 to anything
/// (the benchmark's plain-POST baseline). Test code, never part of the product.
public final class WebPushStandIn: HostedStandIn {
    /// What to answer a valid push.
    public enum Behaviour: Sendable, Hashable {
        /// 201 Created.
        case accept
        /// 404 Not Found: the subscription expired.
        case notFound
        /// 410 Gone: the user unsubscribed.
        case gone
        /// 413 when the push carries a payload, else 201.
        case tooLargeWithPayload
        /// 429 with an optional `Retry-After`.
        case tooManyRequests(retryAfter: String?)
        /// 500.
        case internalServerError
        /// 307 to another URL (a sender must not follow it).
        case redirect(to: String)
    }

    /// A push the service accepted, decrypted.
    public struct AcceptedPush: Sendable {
        /// The subscription's id (the endpoint's last path segment).
        public var subscription: String
        /// The decrypted push JSON.
        public var message: JSONValue
        /// The request's `TTL` and `Urgency`.
        public var ttl: Int, urgency: String?
        /// The VAPID JWT and public key (`t=` and `k=`).
        public var jwt: String, publicKey: String
        /// The encrypted body's size.
        public var bodySize: Int
    }

    /// Decides the answer of the `n`th request (1-based) to a subscription.
    public typealias Rule = @Sendable (_ requestNumber: Int, _ subscription: String) -> Behaviour

    private struct Keys: Sendable {
        var privateKey: P256.KeyAgreement.PrivateKey
        var auth: Data
    }

    private struct State: Sendable {
        var subscriptions: [String: Keys] = [:]
        var rule: Rule = { _, _ in .accept }
        var accepted: [AcceptedPush] = []
        var statuses: [Int] = []
        var requests = 0
        var refusals: [String] = []
    }

    private let state = Mutex(State())
    private let server: Mutex<StandInServer?> = Mutex(nil)
    private let now: @Sendable () -> Date

    /// A service on `port` (0: any free port).
    public init(port: Int = 0, now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
        let server = StandInServer(name: "webpush-stand-in", port: port) { [weak self] request, _ in
            guard let self else { return StandInHTTP.empty(503) }
            return try await self.respond(to: request)
        }
        self.server.withLock { $0 = server }
    }

    /// The server it answers on.
    public var standInServer: (any StandInListener)? { server.withLock { $0 } }


    /// A new subscription, as a browser's `PushManager.subscribe` gives it.
    public func subscribe() -> WebPushSubscription {
        let id = UUID().uuidString.lowercased()
        let key = P256.KeyAgreement.PrivateKey()
        var generator = SystemRandomNumberGenerator()
        let auth = Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        state.withLock { $0.subscriptions[id] = Keys(privateKey: key, auth: auth) }
        return WebPushSubscription(endpoint: "\(baseURL)/push/\(id)", p256dh: key.publicKey.x963Representation, auth: auth)
    }

    /// Sets the rule for later requests.
    public func setRule(_ rule: @escaping Rule) { state.withLock { $0.rule = rule } }
    /// Answers every later valid push with `behaviour`.
    public func setBehaviour(_ behaviour: Behaviour) { setRule { _, _ in behaviour } }
    /// The pushes accepted so far, decrypted.
    public var accepted: [AcceptedPush] { state.withLock { $0.accepted } }
    /// The status of every answer so far.
    public var statuses: [Int] { state.withLock { $0.statuses } }
    /// Why requests were refused as invalid (empty when every request was right).
    public var refusals: [String] { state.withLock { $0.refusals } }
    /// How many requests arrived.
    public var requestCount: Int { state.withLock { $0.requests } }

    private func respond(to request: Request) async throws -> Response {
        // The baseline of the Web Push benchmark (`PushFanOut webpush`): a POST to `/sink` is read
        // and answered 201, with no check, no decryption, and no record of it.
        if request.method == .post, request.uri.path == "/sink" {
            _ = try await StandInHTTP.body(request)
            return StandInHTTP.empty(201)
        }
        let number = state.withLock { state -> Int in
            state.requests += 1
            return state.requests
        }
        let body = try await StandInHTTP.body(request)
        switch check(request, body: body) {
        case .refused(let status, let reason):
            state.withLock { state in
                state.statuses.append(status)
                state.refusals.append(reason)
            }
            return StandInHTTP.json(status, ["reason": .string(reason)])
        case .valid(let push):
            let behaviour = state.withLock { $0.rule }(number, push.subscription)
            let status: Int
            var headers: [String: String] = [:]
            switch behaviour {
            case .accept: status = 201
            case .notFound: status = 404
            case .gone: status = 410
            case .tooLargeWithPayload: status = push.message["payload"] == nil ? 201 : 413
            case .tooManyRequests(let retryAfter):
                status = 429
                if let retryAfter { headers["retry-after"] = retryAfter }
            case .internalServerError: status = 500
            case .redirect(let target):
                status = 307
                headers["location"] = target
            }
            state.withLock { state in
                state.statuses.append(status)
                if status == 201 { state.accepted.append(push) }
            }
            if status == 201 { headers["location"] = "\(baseURL)/message/\(UUID().uuidString.lowercased())" }
            return StandInHTTP.empty(status, headers: headers)
        }
    }

    private enum Check {
        case valid(AcceptedPush)
        case refused(Int, String)
    }

    private func check(_ request: Request, body: Data) -> Check {
        guard request.method == .post else { return .refused(405, "method") }
        let segments = request.uri.path.split(separator: "/")
        guard segments.count == 2, segments[0] == "push", let keys = state.withLock({ $0.subscriptions[String(segments[1])] })
        else { return .refused(404, "no such subscription") }
        // RFC 8292 §3: Authorization: vapid t=<JWT>, k=<key>.
        guard let authorization = StandInHTTP.header(request, "authorization"), authorization.hasPrefix("vapid ") else {
            return .refused(401, "no vapid authorization")
        }
        var parameters: [String: String] = [:]
        for part in authorization.dropFirst("vapid ".count).split(separator: ",") {
            let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if pair.count == 2 { parameters[String(pair[0])] = String(pair[1]) }
        }
        guard let jwt = parameters["t"], let k = parameters["k"], let keyBytes = Base64URL.decode(k) else {
            return .refused(401, "vapid without t= and k=")
        }
        let token: JSONWebToken
        do {
            let key = try P256.Signing.PublicKey(x963Representation: keyBytes)
            token = try JSONWebToken.verifiedES256(jwt, with: key)
        } catch {
            return .refused(403, "the VAPID signature does not verify: \(error)")
        }
        let date = now().timeIntervalSince1970
        guard token.string("aud") == baseURL else { return .refused(403, "aud is not this origin") }
        guard let exp = token.integer("exp"), Double(exp) > date, Double(exp) <= date + 86_400 else {
            return .refused(403, "exp missing, past, or more than 24 h ahead")
        }
        guard let subject = token.string("sub"), subject.hasPrefix("mailto:") || subject.hasPrefix("https:") else {
            return .refused(403, "sub is not a mailto: or https: contact")
        }
        // RFC 8030 §5.2: TTL is required; RFC 8291 §4: aes128gcm.
        guard let ttlText = StandInHTTP.header(request, "ttl"), let ttl = Int(ttlText), ttl >= 0 else {
            return .refused(400, "TTL missing")
        }
        guard StandInHTTP.header(request, "content-encoding") == "aes128gcm" else { return .refused(400, "not aes128gcm") }
        guard body.count <= 4096 else { return .refused(413, "more than 4096 bytes") }
        guard let plaintext = Self.decrypt(body, keys: keys) else { return .refused(400, "the body does not decrypt") }
        guard let message = StandInHTTP.json(plaintext) else { return .refused(400, "the message is not JSON") }
        return .valid(AcceptedPush(subscription: String(segments[1]), message: message, ttl: ttl,
                                   urgency: StandInHTTP.header(request, "urgency"), jwt: jwt, publicKey: k, bodySize: body.count))
    }

    /// What a browser does with a push (RFC 8291 §3, RFC 8188): reads the header, derives the key
    /// and nonce from its own private key and secret, opens the record, strips the delimiter.
    private static func decrypt(_ body: Data, keys: Keys) -> Data? {
        let bytes = [UInt8](body)
        guard bytes.count > 21 else { return nil }
        let salt = Data(bytes[0..<16])
        let idLength = Int(bytes[20])
        guard bytes.count > 21 + idLength + 16 else { return nil }
        let senderPublic = Data(bytes[21..<(21 + idLength)])
        let record = Data(bytes[(21 + idLength)...])
        do {
            let senderKey = try P256.KeyAgreement.PublicKey(x963Representation: senderPublic)
            let shared = try keys.privateKey.sharedSecretFromKeyAgreement(with: senderKey)
            let (key, nonce) = try WebPushEncryption.contentKeys(shared: shared, auth: keys.auth, salt: salt,
                                                                 browserPublic: keys.privateKey.publicKey.x963Representation,
                                                                 senderPublic: senderPublic)
            let box = try AES.GCM.SealedBox(nonce: nonce, ciphertext: record.dropLast(16), tag: record.suffix(16))
            var padded = try AES.GCM.open(box, using: key)
            while let last = padded.last, last == 0 { padded.removeLast() }
            guard padded.last == 0x02 else { return nil }
            padded.removeLast()
            return padded
        } catch {
            return nil
        }
    }
}
