import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOSSL
import XpediteNotify
import XpediteProtocol

/// Delivers pushes to iOS devices through Apple's token-based APNs over HTTP/2
/// (docs/push.md#setting-up-apns).
///
/// Each delivery is one `POST {base}/3/device/<push token>`, with a provider token reused for 40
/// minutes (``APNsProviderToken``), carried by one of two senders (``APNsSenderKind``,
/// docs/push.md#the-apns-sender): the one written on swift-nio-http2 (a few long-lived HTTP/2
/// connections, many streams each, headers prepared once, writes flushed per batch), or
/// AsyncHTTPClient's pool of HTTP/2 connections (one per event loop of the client's group). The
/// provider keeps the rules whichever sender carries the pushes. A message's body is encoded once
/// for all its devices. The answer becomes a ``DeliveryOutcome``:
///
/// | APNs answers | outcome |
/// |---|---|
/// | 200 | `delivered` |
/// | 410, 400 `BadDeviceToken`, 400 `DeviceTokenNotForTopic` | `gone` |
/// | 403 `ExpiredProviderToken` | a new token, sent again at once; `retry` if refused again |
/// | 413 `PayloadTooLarge` | sent again without the payload |
/// | 429, 5xx, no answer | `retry` (after `Retry-After` when given) |
/// | other 4xx | `failed` |
///
/// Reasons carry the status and APNs' `reason` (`410 Unregistered`). Logs show at most the last
/// six characters of a push token, and never the key or a provider token.
public struct APNsProvider: PushProvider {
    /// `apns`.
    public let name = "apns"
    /// 4096 bytes, APNs' limit for an alert push.
    public let maximumPushSize = 4096
    /// How many deliveries go at once (500 by default: HTTP/2 streams are cheap).
    public let concurrency: Int
    /// How many HTTP/2 connections the pushes are spread over, at most.
    public var connections: Int { sender.connections }
    /// Which sender carries the pushes.
    public let senderKind: APNsSenderKind
    /// The configuration: key, ids, topic, base URL.
    public let configuration: APNsConfiguration
    /// The provider token, shared by every delivery.
    public let providerToken: APNsProviderToken
    /// The bodies of the latest messages: a message's body is encoded once, not once per device.
    private let bodies = APNsBodyCache()
    private let sender: any APNsSender
    private let logger: Logger
    private let now: @Sendable () -> Date

    /// A provider sending through AsyncHTTPClient's `httpClient` (its owner shuts it down).
    ///
    /// - Parameters:
    ///   - configuration: the key, ids, topic and base URL.
    ///   - httpClient: the client, made with `httpVersion: .automatic` (``PushSettings/makeHTTPClient(eventLoopGroup:)``).
    ///   - logger: where deliveries are logged.
    ///   - concurrency: deliveries at once (500).
    ///   - connections: the most HTTP/2 connections to spread them over, one per event loop of
    ///     `httpClient`'s group (4).
    ///   - requestTimeout: the most one request may take, answer included (10 s).
    ///   - now: the clock, for the provider token's `iat` and `Retry-After` dates.
    public init(configuration: APNsConfiguration, httpClient: HTTPClient, logger: Logger, concurrency: Int = 500,
                connections: Int = 4, requestTimeout: Duration = .seconds(10), now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(configuration: configuration, senderKind: .asyncHTTPClient, logger: logger, concurrency: concurrency, now: now,
                  sender: APNsHTTPClientSender(baseURL: configuration.baseURL, topic: configuration.topic, httpClient: httpClient,
                                               connections: connections, timeout: requestTimeout))
    }

    /// A provider sending through its own HTTP/2 connections on swift-nio-http2
    /// (``APNsSenderKind/http2``); ``shutdown()`` closes them.
    ///
    /// - Parameters:
    ///   - configuration: the key, ids, topic and base URL (`https` only).
    ///   - eventLoopGroup: where the connections run (one event loop each, in turn).
    ///   - tlsConfiguration: what the connections trust (``PushSettings/tlsConfiguration()``: the
    ///     system's roots plus `XPEDITE_PUSH_CA_FILE`); ALPN is set to `h2` here.
    ///   - logger: where deliveries are logged.
    ///   - concurrency: deliveries at once (500).
    ///   - connections: how many HTTP/2 connections (2); each opens as many streams at once as
    ///     the server's `SETTINGS_MAX_CONCURRENT_STREAMS` allows, at most `streamsPerConnection`.
    ///   - streamsPerConnection: the most streams open at once on one connection (1000).
    ///   - requestTimeout: the most one request may take, answer included (10 s).
    ///   - now: the clock, for the provider token's `iat` and `Retry-After` dates.
    /// - Throws: ``PushConfigurationError/invalidURL(name:value:)`` for a base URL that is not
    ///   `https`, or NIOSSL's error when the TLS context cannot be made.
    public init(configuration: APNsConfiguration, eventLoopGroup: any EventLoopGroup, tlsConfiguration: TLSConfiguration,
                logger: Logger, concurrency: Int = 500, connections: Int = 2, streamsPerConnection: Int = 1000,
                requestTimeout: Duration = .seconds(10), now: @escaping @Sendable () -> Date = { Date() }) throws {
        let sender = try APNsHTTP2Sender(baseURL: configuration.baseURL, topic: configuration.topic, tls: tlsConfiguration,
                                         group: eventLoopGroup, connections: connections,
                                         streamsPerConnection: streamsPerConnection, timeout: requestTimeout)
        self.init(configuration: configuration, senderKind: .http2, logger: logger, concurrency: concurrency, now: now, sender: sender)
    }

    private init(configuration: APNsConfiguration, senderKind: APNsSenderKind, logger: Logger, concurrency: Int,
                 now: @escaping @Sendable () -> Date, sender: any APNsSender) {
        self.configuration = configuration
        self.providerToken = APNsProviderToken(configuration: configuration, now: now)
        self.senderKind = senderKind
        self.sender = sender
        self.logger = logger
        self.concurrency = max(1, concurrency)
        self.now = now
    }

    /// Closes the sender's own connections (the HTTP/2 sender's; the AsyncHTTPClient sender's
    /// client belongs to whoever made it). Deliveries still in flight end as `retry`.
    public func shutdown() async {
        await sender.shutdown()
    }

    /// One attempt at `delivery` (with at most one immediate resend: after an expired provider
    /// token, or without the payload after `PayloadTooLarge`).
    public func deliver(_ delivery: PushDelivery) async -> DeliveryOutcome {
        guard let pushToken = delivery.device.pushToken, !pushToken.isEmpty else {
            return .failed(reason: "no push token")
        }
        var includePayload = delivery.push.payload != nil
        var renewedToken = false
        var resentWithoutPayload = false
        while true {
            let attempt = await send(delivery, to: pushToken, includingPayload: includePayload)
            switch attempt {
            case .outcome(let outcome):
                log(outcome, delivery: delivery, pushToken: pushToken)
                return outcome
            case .expiredProviderToken(let stale) where !renewedToken:
                renewedToken = true
                do {
                    _ = try providerToken.renew(replacing: stale)
                } catch {
                    return logged(.failed(reason: "cannot sign the APNs provider token: \(error)"), delivery, pushToken)
                }
            case .expiredProviderToken:
                return logged(.retry(reason: "403 ExpiredProviderToken"), delivery, pushToken)
            case .payloadTooLarge where includePayload && !resentWithoutPayload:
                resentWithoutPayload = true
                includePayload = false
            case .payloadTooLarge:
                return logged(.failed(reason: "413 PayloadTooLarge"), delivery, pushToken)
            }
        }
    }

    /// What one request came to: an outcome, or a reason to send again at once.
    private enum Attempt {
        case outcome(DeliveryOutcome)
        case expiredProviderToken(String)
        case payloadTooLarge
    }

    private func send(_ delivery: PushDelivery, to pushToken: String, includingPayload: Bool) async -> Attempt {
        let jwt: String
        let authorization: String
        do {
            (jwt, authorization) = try providerToken.currentAuthorization()
        } catch {
            return .outcome(.failed(reason: "cannot sign the APNs provider token: \(error)"))
        }
        let body = bodies.body(of: delivery.push, includingPayload: includingPayload) {
            ByteBuffer(bytes: Self.body(of: delivery.push, includingPayload: includingPayload, limit: maximumPushSize))
        }
        let request = APNsRequest(devicePathSegment: PushHTTP.percentEncoded(pushToken), authorization: authorization,
                                  expiration: String(Int64(max(0, delivery.expiresAt.timeIntervalSince1970).rounded(.down))),
                                  apnsId: delivery.deliveryId, collapseId: delivery.push.messageId,
                                  background: delivery.push.kind == .withdrawal, body: body)
        let answer: PushHTTP.Answer
        do {
            answer = try await sender.send(request)
        } catch {
            return .outcome(.retry(reason: PushHTTP.transportReason(error)))
        }
        let reason = answer.json?["reason"]?.stringValue
        let described = reason.map { "\(answer.status) \($0)" } ?? "\(answer.status)"
        switch (answer.status, reason) {
        case (200..<300, _):
            return .outcome(.delivered)
        case (410, _), (400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic"):
            return .outcome(.gone(reason: described))
        case (403, "ExpiredProviderToken"):
            return .expiredProviderToken(jwt)
        case (413, _):
            return .payloadTooLarge
        case (429, _), (500..<600, _):
            return .outcome(.retry(reason: described, after: answer.retryAfter(now: now())))
        case (400..<500, _):
            return .outcome(.failed(reason: described))
        default:
            return .outcome(.failed(reason: "unexpected answer \(described)"))
        }
    }

    /// The push's body: `{"aps": {"alert": {"title", "body"}, "sound": "default"}, "messageId"}`,
    /// plus `payload` when asked for, there, and the whole body fits `limit` bytes. A withdrawal's
    /// is `{"aps": {"content-available": 1}, "type": "withdrawn", "messageId"}` (a background push
    /// the app wakes for, to remove the message's notification).
    static func body(of push: Push, includingPayload: Bool, limit: Int) -> [UInt8] {
        if push.kind == .withdrawal {
            return CanonicalJSON.bytes(["aps": ["content-available": 1], "type": "withdrawn", "messageId": .string(push.messageId)])
        }
        var body: JSONObject = [
            "aps": ["alert": ["title": .string(push.title), "body": .string(push.body)], "sound": "default"],
            "messageId": .string(push.messageId),
        ]
        let hint = CanonicalJSON.bytes(.object(body))
        guard includingPayload, let payload = push.payload else { return hint }
        body["payload"] = payload.json
        let whole = CanonicalJSON.bytes(.object(body))
        return whole.count <= limit ? whole : hint
    }

    private func logged(_ outcome: DeliveryOutcome, _ delivery: PushDelivery, _ pushToken: String) -> DeliveryOutcome {
        log(outcome, delivery: delivery, pushToken: pushToken)
        return outcome
    }

    private func log(_ outcome: DeliveryOutcome, delivery: PushDelivery, pushToken: String) {
        PushOutcomeLog.write(outcome, provider: name, delivery: delivery, target: ("device", PushHTTP.tokenTail(pushToken)),
                             to: logger)
    }
}
