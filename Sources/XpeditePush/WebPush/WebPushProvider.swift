import AsyncHTTPClient
import Crypto
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import Synchronization
import XpediteNotify
import XpediteProtocol

/// Pushes to browsers (Web Push: RFC 8030 delivery, RFC 8291 encryption, RFC 8292 VAPID), for
/// devices of platform `web` that registered a subscription (docs/push.md#web-push).
///
/// Each push is `POST <endpoint>` with `Authorization: vapid t=<ES256 JWT {aud, exp, sub}>,
/// k=<public key>`, `Content-Encoding: aes128gcm`, `TTL` and `Urgency: high`, and the push JSON
/// encrypted for the browser in one record. 201/202 → delivered; 404 and 410 → gone (the
/// subscription is removed); 413 → sent again without the payload; 429 and 5xx → retried,
/// honouring `Retry-After`. Endpoints off the allowlist are refused; redirects are not followed
/// (the HTTP client is made with them off).
public struct WebPushProvider: PushProvider {
    /// `webpush`.
    public let name = "webpush"
    /// What fits one 4096-byte record with its header, tag and delimiter.
    public var maximumPushSize: Int { WebPushEncryption.recordSize - WebPushEncryption.overhead }
    /// How many pushes are sent at once.
    public let concurrency: Int

    private let key: VAPIDKey
    private let subject: String
    private let allowlist: WebPushAllowlist
    private let httpClient: HTTPClient
    private let logger: Logger
    private let requestTimeout: Duration
    private let now: @Sendable () -> Date
    private let tokens = VAPIDTokens()

    /// A provider signing with `key` for `subject` (`mailto:` or `https:`), posting through `httpClient`.
    public init(key: VAPIDKey, subject: String, allowlist: WebPushAllowlist, httpClient: HTTPClient, logger: Logger,
                concurrency: Int = 200, requestTimeout: Duration = .seconds(10),
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.key = key
        self.subject = subject
        self.allowlist = allowlist
        self.httpClient = httpClient
        self.logger = logger
        self.concurrency = concurrency
        self.requestTimeout = requestTimeout
        self.now = now
    }

    /// One attempt at `delivery` (sent once more without the payload after a 413).
    public func deliver(_ delivery: PushDelivery) async -> DeliveryOutcome {
        guard let subscription = delivery.device.webPush else { return .failed(reason: "no push subscription") }
        guard allowlist.allows(subscription.endpoint) else {
            return .failed(reason: "the endpoint's host is no longer an allowed push service")
        }
        var push = delivery.push.fitted(to: maximumPushSize)
        let outcome: DeliveryOutcome
        switch await send(push, delivery: delivery, to: subscription) {
        case .outcome(let result):
            outcome = result
        case .tooLarge where push.payload != nil:
            push.payload = nil
            switch await send(push, delivery: delivery, to: subscription) {
            case .outcome(let result): outcome = result
            case .tooLarge: outcome = .failed(reason: "413 even without the payload")
            }
        case .tooLarge:
            outcome = .failed(reason: "413 Payload Too Large")
        }
        PushOutcomeLog.write(outcome, provider: name, delivery: delivery,
                             target: ("service", URLComponents(string: subscription.endpoint)?.host ?? "?"), to: logger)
        return outcome
    }

    private enum Attempt {
        case outcome(DeliveryOutcome)
        case tooLarge
    }

    private func send(_ push: Push, delivery: PushDelivery, to subscription: WebPushSubscription) async -> Attempt {
        let body: Data
        do {
            body = try WebPushEncryption.encrypt(CanonicalJSON.data(push.json), for: subscription)
        } catch {
            return .outcome(.failed(reason: "cannot encrypt for this subscription: \(error)"))
        }
        let authorization: String
        do {
            authorization = try self.authorization(for: subscription.endpoint)
        } catch {
            return .outcome(.failed(reason: "cannot sign the VAPID token: \(error)"))
        }
        var request = HTTPClientRequest(url: subscription.endpoint)
        request.method = .POST
        request.headers.add(name: "Authorization", value: authorization)
        request.headers.add(name: "Content-Encoding", value: "aes128gcm")
        request.headers.add(name: "Content-Type", value: "application/octet-stream")
        request.headers.add(name: "TTL", value: String(max(0, Int(delivery.expiresAt.timeIntervalSince(now())))))
        request.headers.add(name: "Urgency", value: "high")
        request.body = .bytes(ByteBuffer(bytes: body))
        let answer: PushHTTP.Answer
        do {
            answer = try await PushHTTP.send(request, through: httpClient, timeout: requestTimeout)
        } catch {
            return .outcome(.retry(reason: PushHTTP.transportReason(error)))
        }
        let described = "\(answer.status) \(HTTPResponseStatus(statusCode: answer.status).reasonPhrase)"
        switch answer.status {
        case 200..<300: return .outcome(.delivered)
        case 404, 410: return .outcome(.gone(reason: described))
        case 413: return .tooLarge
        case 429, 500..<600: return .outcome(.retry(reason: described, after: answer.retryAfter(now: now())))
        default: return .outcome(.failed(reason: described))
        }
    }

    /// `vapid t=<JWT>, k=<public key>` for the endpoint's origin: one JWT per origin, valid 12 h,
    /// made anew an hour before it expires.
    func authorization(for endpoint: String) throws -> String {
        let origin = Self.origin(of: endpoint)
        let date = now()
        if let cached = tokens.cached.withLock({ $0[origin] }), cached.expires.timeIntervalSince(date) > 3600 {
            return "vapid t=\(cached.token), k=\(key.publicKeyBase64URL)"
        }
        let expires = date.addingTimeInterval(12 * 3600)
        let jwt = try JSONWebToken(header: ["typ": "JWT"],
                                   claims: ["aud": .string(origin), "exp": .number(expires.timeIntervalSince1970.rounded(.down)),
                                            "sub": .string(subject)])
            .signedES256(with: key.privateKey)
        tokens.cached.withLock { $0[origin] = (jwt, expires) }
        return "vapid t=\(jwt), k=\(key.publicKeyBase64URL)"
    }

    /// `scheme://host[:port]` of a URL (the JWT's `aud`).
    static func origin(of endpoint: String) -> String {
        guard let components = URLComponents(string: endpoint), let scheme = components.scheme, let host = components.host else {
            return endpoint
        }
        return components.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }
}

/// The VAPID tokens a provider made, by origin.
private final class VAPIDTokens: Sendable {
    let cached = Mutex<[String: (token: String, expires: Date)]>([:])
}
