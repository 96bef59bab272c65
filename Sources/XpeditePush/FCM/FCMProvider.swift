import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import XpediteNotify
import XpediteProtocol

/// Delivers pushes to Android devices through Firebase Cloud Messaging's HTTP v1 API
/// (docs/push.md#setting-up-fcm).
///
/// Each delivery is one `POST {base}/v1/projects/<project_id>/messages:send` with
/// `{"message": {"token", "notification": {"title", "body"}, "data": {"messageId", "payload"?}}}`
/// (data values are strings: a direct payload travels as its JSON text, when the message fits
/// 4096 bytes), authorised by an OAuth 2 access token (``FCMAccessTokens``). The answer becomes a
/// ``DeliveryOutcome``:
///
/// | FCM answers | outcome |
/// |---|---|
/// | 200 | `delivered` |
/// | 404 `UNREGISTERED` / `NOT_FOUND`, 400 `INVALID_ARGUMENT` about the token, 403 `SENDER_ID_MISMATCH` | `gone` |
/// | 401 | a new access token, sent again at once; `retry` if refused again |
/// | 429, 5xx, no answer | `retry` (after `Retry-After` when given) |
/// | other 4xx | `failed` |
public struct FCMProvider: PushProvider {
    /// `https://fcm.googleapis.com`.
    public static let productionURL = "https://fcm.googleapis.com"

    /// `fcm`.
    public let name = "fcm"
    /// 4096 bytes, FCM's limit for a message.
    public let maximumPushSize = 4096
    /// How many deliveries go at once (200 by default).
    public let concurrency: Int
    /// The service account.
    public let serviceAccount: FCMServiceAccount
    /// The access tokens, shared by every delivery.
    public let accessTokens: FCMAccessTokens
    /// The service's base URL, without a trailing `/`.
    public let baseURL: String
    private let httpClient: HTTPClient
    private let logger: Logger
    private let requestTimeout: Duration
    private let now: @Sendable () -> Date

    /// A provider sending through `httpClient` (its owner shuts it down).
    ///
    /// - Parameters:
    ///   - serviceAccount: the project, the account and its key, the token endpoint.
    ///   - httpClient: the client (``PushSettings/makeHTTPClient(eventLoopGroup:)``).
    ///   - logger: where deliveries are logged.
    ///   - baseURL: FCM's base URL (`https://fcm.googleapis.com`).
    ///   - concurrency: deliveries at once (200).
    ///   - requestTimeout: the most one request may take, answer included (10 s).
    ///   - now: the clock, for the assertion's dates, token expiry and `Retry-After` dates.
    /// - Throws: ``PushConfigurationError/invalidURL(name:value:)`` when `baseURL` is not a URL.
    public init(serviceAccount: FCMServiceAccount, httpClient: HTTPClient, logger: Logger,
                baseURL: String = FCMProvider.productionURL, concurrency: Int = 200, requestTimeout: Duration = .seconds(10),
                now: @escaping @Sendable () -> Date = { Date() }) throws(PushConfigurationError) {
        self.serviceAccount = serviceAccount
        self.accessTokens = FCMAccessTokens(serviceAccount: serviceAccount, httpClient: httpClient, requestTimeout: requestTimeout, now: now)
        self.baseURL = try PushServiceURL.validated(baseURL, name: "the FCM URL")
        self.httpClient = httpClient
        self.logger = logger
        self.concurrency = max(1, concurrency)
        self.requestTimeout = requestTimeout
        self.now = now
    }

    /// One attempt at `delivery` (with at most one immediate resend, after a 401 with a new
    /// access token).
    public func deliver(_ delivery: PushDelivery) async -> DeliveryOutcome {
        guard let pushToken = delivery.device.pushToken, !pushToken.isEmpty else {
            return .failed(reason: "no push token")
        }
        let body = Self.body(of: delivery.push, token: pushToken, limit: maximumPushSize)
        var renewed = false
        while true {
            let accessToken: String
            do {
                accessToken = try await accessTokens.token()
            } catch {
                switch error {
                case .refused, .signing: return logged(.failed(reason: error.description), delivery, pushToken)
                case .unavailable(_, let after): return logged(.retry(reason: error.description, after: after), delivery, pushToken)
                }
            }
            var request = HTTPClientRequest(url: "\(baseURL)/v1/projects/\(PushHTTP.percentEncoded(serviceAccount.projectId))/messages:send")
            request.method = .POST
            request.headers.add(name: "authorization", value: "Bearer \(accessToken)")
            request.headers.add(name: "content-type", value: "application/json; charset=utf-8")
            request.body = .bytes(ByteBuffer(bytes: body))
            let answer: PushHTTP.Answer
            do {
                answer = try await PushHTTP.send(request, through: httpClient, timeout: requestTimeout)
            } catch {
                return logged(.retry(reason: PushHTTP.transportReason(error)), delivery, pushToken)
            }
            if answer.status == 401 && !renewed {
                renewed = true
                await accessTokens.invalidate(accessToken)
                continue
            }
            return logged(outcome(of: answer), delivery, pushToken)
        }
    }

    /// The outcome of FCM's answer (other than a first 401).
    private func outcome(of answer: PushHTTP.Answer) -> DeliveryOutcome {
        let error = FCMError(answer.json)
        let reason = error.reason(status: answer.status)
        switch answer.status {
        case 200..<300:
            return .delivered
        case 404 where error.errorCodes.contains("UNREGISTERED") || error.status == "NOT_FOUND":
            return .gone(reason: reason)
        case 400 where error.errorCodes.contains("UNREGISTERED") || (error.isInvalidArgument && error.concernsToken):
            return .gone(reason: reason)
        case 403 where error.errorCodes.contains("SENDER_ID_MISMATCH"):
            return .gone(reason: reason)
        case 401, 429, 500..<600:
            return .retry(reason: reason, after: answer.retryAfter(now: now()))
        case 400..<500:
            return .failed(reason: reason)
        default:
            return .failed(reason: "unexpected answer \(reason)")
        }
    }

    /// The request's body: the message, with the payload's JSON text in `data.payload` when the
    /// push has one and the whole body fits `limit` bytes. A withdrawal is a data message without
    /// a notification: `{"message": {"token", "data": {"type": "withdrawn", "messageId"}}}`.
    static func body(of push: Push, token: String, limit: Int) -> [UInt8] {
        if push.kind == .withdrawal {
            return CanonicalJSON.bytes(["message": [
                "token": .string(token), "data": ["type": "withdrawn", "messageId": .string(push.messageId)],
            ]])
        }
        var data: JSONObject = ["messageId": .string(push.messageId)]
        func message() -> [UInt8] {
            CanonicalJSON.bytes(["message": [
                "token": .string(token), "notification": ["title": .string(push.title), "body": .string(push.body)],
                "data": .object(data),
            ]])
        }
        let hint = message()
        guard let payload = push.payload else { return hint }
        data["payload"] = .string(CanonicalJSON.string(payload.json))
        let whole = message()
        return whole.count <= limit ? whole : hint
    }

    private func logged(_ outcome: DeliveryOutcome, _ delivery: PushDelivery, _ pushToken: String) -> DeliveryOutcome {
        PushOutcomeLog.write(outcome, provider: name, delivery: delivery, target: ("device", PushHTTP.tokenTail(pushToken)),
                             to: logger)
        return outcome
    }
}
