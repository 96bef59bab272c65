import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOSSL
import XpediteNotify

/// The push providers' configuration (docs/push.md), read from an environment dictionary;
/// each setting can then be overridden (by a command line's `--` options).
///
/// APNs is configured when ``apnsKeyFile`` is set (then the key id, team id and topic are
/// required), FCM when ``fcmServiceAccountFile`` is set. Everything is checked when the providers
/// are made, at start-up, with a ``PushConfigurationError`` a person can act on.
///
/// ```swift
/// let settings = try PushSettings(environment: ProcessInfo.processInfo.environment)
/// let client = try settings.makeHTTPClient()
/// let providers = try settings.makeProviders(httpClient: client, logger: logger)   // ["ios": APNs, "android": FCM]
/// // … and `try await client.shutdown()` when done.
/// ```
public struct PushSettings: Sendable, Hashable {
    /// The environment variables read, by the setting they fill.
    public enum Variable {
        /// `XPEDITE_APNS_KEY_FILE`: the `.p8` key's path.
        public static let apnsKeyFile = "XPEDITE_APNS_KEY_FILE"
        /// `XPEDITE_APNS_KEY_ID`.
        public static let apnsKeyId = "XPEDITE_APNS_KEY_ID"
        /// `XPEDITE_APNS_TEAM_ID`.
        public static let apnsTeamId = "XPEDITE_APNS_TEAM_ID"
        /// `XPEDITE_APNS_TOPIC`: the app's bundle id.
        public static let apnsTopic = "XPEDITE_APNS_TOPIC"
        /// `XPEDITE_APNS_URL`.
        public static let apnsURL = "XPEDITE_APNS_URL"
        /// `XPEDITE_APNS_SENDER`: `http2` (the default) or `async-http-client` (``APNsSenderKind``).
        public static let apnsSender = "XPEDITE_APNS_SENDER"
        /// `XPEDITE_FCM_SERVICE_ACCOUNT`: the service account JSON file's path.
        public static let fcmServiceAccount = "XPEDITE_FCM_SERVICE_ACCOUNT"
        /// `XPEDITE_FCM_URL`.
        public static let fcmURL = "XPEDITE_FCM_URL"
        /// `XPEDITE_PUSH_CA_FILE`: PEM certificates trusted for the push services' TLS.
        public static let caFile = "XPEDITE_PUSH_CA_FILE"
        /// `XPEDITE_VAPID_SUBJECT`: the Web Push sender's contact (`mailto:` or `https:`).
        public static let vapidSubject = "XPEDITE_VAPID_SUBJECT"
        /// `XPEDITE_VAPID_KEY_FILE`: a PEM VAPID private key instead of the generated one.
        public static let vapidKeyFile = "XPEDITE_VAPID_KEY_FILE"
        /// `XPEDITE_WEBPUSH_HOSTS`: the allowed push services, comma-separated (`*.domain` for a domain).
        public static let webPushHosts = "XPEDITE_WEBPUSH_HOSTS"
    }

    /// The APNs `.p8` key file; APNs is configured when set.
    public var apnsKeyFile: String?
    /// The APNs key id.
    public var apnsKeyId: String?
    /// The APNs team id.
    public var apnsTeamId: String?
    /// The APNs topic (the app's bundle id).
    public var apnsTopic: String?
    /// APNs' base URL (`https://api.push.apple.com` when unset).
    public var apnsURL: String?
    /// What carries APNs pushes (``APNsSenderKind/http2`` unless `XPEDITE_APNS_SENDER` says otherwise).
    public var apnsSender: APNsSenderKind = .http2
    /// The FCM service account JSON file; FCM is configured when set.
    public var fcmServiceAccountFile: String?
    /// FCM's base URL (`https://fcm.googleapis.com` when unset).
    public var fcmURL: String?
    /// A PEM file of certificates trusted, besides the system's, for the push services' TLS.
    public var caFile: String?
    /// The VAPID subject (`XPEDITE_VAPID_SUBJECT`); `nil` is `mailto:admin@localhost`.
    public var vapidSubject: String?
    /// The VAPID key file (`XPEDITE_VAPID_KEY_FILE`); `nil` keeps a generated key in the data directory.
    public var vapidKeyFile: String?
    /// The allowed Web Push hosts (`XPEDITE_WEBPUSH_HOSTS`); `nil` is ``WebPushAllowlist/default``.
    public var webPushHosts: String?
    /// The most one push request may take (10 s).
    public var requestTimeout: Duration = .seconds(10)

    /// Nothing configured: no providers.
    public init() {}

    /// The settings in `environment` (``Variable``); an empty value counts as unset.
    ///
    /// - Throws: ``PushConfigurationError/invalidURL(name:value:)`` when `XPEDITE_APNS_URL` or
    ///   `XPEDITE_FCM_URL` is set to something that is not an https URL.
    public init(environment: [String: String]) throws(PushConfigurationError) {
        func value(_ name: String) -> String? {
            guard let value = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
            return value
        }
        apnsKeyFile = value(Variable.apnsKeyFile)
        apnsKeyId = value(Variable.apnsKeyId)
        apnsTeamId = value(Variable.apnsTeamId)
        apnsTopic = value(Variable.apnsTopic)
        apnsURL = value(Variable.apnsURL)
        if let sender = value(Variable.apnsSender) {
            guard let kind = APNsSenderKind(rawValue: sender.lowercased()) else {
                throw .invalidChoice(name: Variable.apnsSender, value: sender, choices: APNsSenderKind.allCases.map(\.rawValue))
            }
            apnsSender = kind
        }
        fcmServiceAccountFile = value(Variable.fcmServiceAccount)
        fcmURL = value(Variable.fcmURL)
        caFile = value(Variable.caFile)
        vapidSubject = value(Variable.vapidSubject)
        vapidKeyFile = value(Variable.vapidKeyFile)
        webPushHosts = value(Variable.webPushHosts)
        if let apnsURL { _ = try PushServiceURL.validated(apnsURL, name: Variable.apnsURL) }
        if let fcmURL { _ = try PushServiceURL.validated(fcmURL, name: Variable.fcmURL) }
    }

    /// Whether APNs is configured (a key file is given).
    public var isAPNsConfigured: Bool { apnsKeyFile != nil }

    /// Whether FCM is configured (a service account file is given).
    public var isFCMConfigured: Bool { fcmServiceAccountFile != nil }

    /// APNs' configuration with its key read, or `nil` when APNs is not configured.
    ///
    /// - Throws: ``PushConfigurationError/missingSetting(name:neededBy:)`` naming a missing
    ///   variable, or the key file's error.
    public func apnsConfiguration() throws(PushConfigurationError) -> APNsConfiguration? {
        guard let apnsKeyFile else { return nil }
        func required(_ value: String?, _ name: String) throws(PushConfigurationError) -> String {
            guard let value, !value.isEmpty else {
                throw .missingSetting(name: name, neededBy: "APNs (configured by \(Variable.apnsKeyFile))")
            }
            return value
        }
        let keyId = try required(apnsKeyId, Variable.apnsKeyId)
        let teamId = try required(apnsTeamId, Variable.apnsTeamId)
        let topic = try required(apnsTopic, Variable.apnsTopic)
        let url = try PushServiceURL.validated(apnsURL ?? APNsConfiguration.productionURL, name: Variable.apnsURL)
        return try APNsConfiguration(keyFile: apnsKeyFile, keyId: keyId, teamId: teamId, topic: topic, baseURL: url)
    }

    /// FCM's service account, read, or `nil` when FCM is not configured.
    ///
    /// - Throws: the service account file's ``PushConfigurationError``.
    public func fcmAccount() throws(PushConfigurationError) -> FCMServiceAccount? {
        guard let fcmServiceAccountFile else { return nil }
        return try FCMServiceAccount(contentsOf: fcmServiceAccountFile)
    }

    /// The TLS settings of the push services' connections: the system's trust roots plus the
    /// certificates of ``caFile``.
    ///
    /// - Throws: ``PushConfigurationError/invalidCAFile(path:reason:)`` or
    ///   ``PushConfigurationError/unreadableFile(what:path:reason:)`` for a bad CA file.
    public func tlsConfiguration() throws(PushConfigurationError) -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caFile {
            let data = try PushConfigurationFile.data(at: caFile, what: "CA file (\(Variable.caFile))")
            let certificates: [NIOSSLCertificate]
            do {
                certificates = try NIOSSLCertificate.fromPEMBytes(Array(data))
            } catch {
                throw .invalidCAFile(path: caFile, reason: String(describing: error))
            }
            guard !certificates.isEmpty else { throw .invalidCAFile(path: caFile, reason: "no certificate in it") }
            tls.additionalTrustRoots = [.certificates(certificates)]
        }
        return tls
    }

    /// A client for the push services: HTTP/2 over TLS where the server offers it (ALPN),
    /// redirects not followed, ``caFile``'s certificates trusted, a refused connection reported
    /// at once. The caller shuts it down.
    ///
    /// - Throws: the CA file's ``PushConfigurationError``.
    public func makeHTTPClient(eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup) throws(PushConfigurationError) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: try tlsConfiguration(),
            redirectConfiguration: .disallow,
            timeout: .init(connect: PushHTTP.timeAmount(requestTimeout))
        )
        configuration.httpVersion = .automatic
        // A refused connection fails the attempt at once (a `retry` outcome): the outbox backs off,
        // instead of the client retrying until the request's deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)
    }

    /// The configured providers by device platform: `ios` → ``APNsProvider``, `android` →
    /// ``FCMProvider``; empty when nothing is configured. Keys and accounts are read here. APNs
    /// pushes go through the sender ``apnsSender`` names: with ``APNsSenderKind/http2``, its own
    /// connections on `httpClient`'s event loops, trusting ``tlsConfiguration()``.
    ///
    /// - Parameters:
    ///   - httpClient: the client they send through (``makeHTTPClient(eventLoopGroup:)``).
    ///   - logger: where they log deliveries.
    ///   - now: their clock.
    /// - Throws: the first ``PushConfigurationError`` of the configuration.
    public func makeProviders(httpClient: HTTPClient, logger: Logger,
                              now: @escaping @Sendable () -> Date = { Date() }) throws(PushConfigurationError) -> [String: any PushProvider] {
        var providers: [String: any PushProvider] = [:]
        if let apns = try apnsConfiguration() {
            switch apnsSender {
            case .http2:
                let tls = try tlsConfiguration()
                do {
                    providers["ios"] = try APNsProvider(configuration: apns, eventLoopGroup: httpClient.eventLoopGroup, tlsConfiguration: tls,
                                                        logger: logger, requestTimeout: requestTimeout, now: now)
                } catch let error as PushConfigurationError {
                    throw error
                } catch {
                    throw .invalidCAFile(path: caFile ?? "(none: the system's trust roots)", reason: "no TLS context for APNs: \(error)")
                }
            case .asyncHTTPClient:
                providers["ios"] = APNsProvider(configuration: apns, httpClient: httpClient, logger: logger,
                                                requestTimeout: requestTimeout, now: now)
            }
        }
        if let account = try fcmAccount() {
            let url = try PushServiceURL.validated(fcmURL ?? FCMProvider.productionURL, name: Variable.fcmURL)
            providers["android"] = try FCMProvider(serviceAccount: account, httpClient: httpClient, logger: logger, baseURL: url,
                                                   requestTimeout: requestTimeout, now: now)
        }
        return providers
    }

    /// Web Push as these settings configure it, sending through `httpClient` (one made by
    /// ``makeHTTPClient(eventLoopGroup:)``, which follows no redirect).
    public func webPushConfiguration(httpClient: HTTPClient) -> WebPushConfiguration {
        var configuration = WebPushConfiguration(httpClient: httpClient)
        if let vapidSubject { configuration.subject = vapidSubject }
        configuration.keyFile = vapidKeyFile
        if let webPushHosts { configuration.allowlist = WebPushAllowlist(commaSeparated: webPushHosts) }
        return configuration
    }
}
