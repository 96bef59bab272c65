import ArgumentParser
import AsyncHTTPClient
import Foundation
import Logging
import XpediteNotify
import XpeditePush

/// The push providers' options of `xpedite demo` and `xpedite notify serve` (docs/push.md):
/// each falls back to its environment variable; APNs is on with a key file, FCM with a service
/// account. A platform without a provider has its pushes logged.
struct PushOptions: ParsableArguments {
    @Option(name: .customLong("apns-key-file"), help: "The APNs .p8 key (default: $XPEDITE_APNS_KEY_FILE); turns APNs on for iOS devices.")
    var apnsKeyFile: String?

    @Option(name: .customLong("apns-key-id"), help: "The APNs key's id (default: $XPEDITE_APNS_KEY_ID).")
    var apnsKeyId: String?

    @Option(name: .customLong("apns-team-id"), help: "The Apple developer team id (default: $XPEDITE_APNS_TEAM_ID).")
    var apnsTeamId: String?

    @Option(name: .customLong("apns-topic"), help: "The iOS app's bundle id (default: $XPEDITE_APNS_TOPIC).")
    var apnsTopic: String?

    @Option(name: .customLong("apns-url"),
            help: "The APNs server (default: $XPEDITE_APNS_URL, else https://api.push.apple.com; https://api.sandbox.push.apple.com for development builds).")
    var apnsURL: String?

    @Option(name: .customLong("fcm-service-account"),
            help: "The Firebase service account JSON file (default: $XPEDITE_FCM_SERVICE_ACCOUNT); turns FCM on for Android devices.")
    var fcmServiceAccount: String?

    @Option(name: .customLong("fcm-url"), help: "The FCM server (default: $XPEDITE_FCM_URL, else https://fcm.googleapis.com).")
    var fcmURL: String?

    @Option(name: .customLong("push-ca-file"), help: "PEM certificates to trust for the push services' TLS (default: $XPEDITE_PUSH_CA_FILE).")
    var pushCAFile: String?

    @Option(name: .customLong("vapid-subject"),
            help: "The Web Push sender's contact, mailto: or https: (default: $XPEDITE_VAPID_SUBJECT, else mailto:admin@localhost).")
    var vapidSubject: String?

    @Option(name: .customLong("vapid-key-file"),
            help: "A PEM VAPID private key (default: $XPEDITE_VAPID_KEY_FILE, else one generated in the data directory).")
    var vapidKeyFile: String?

    @Option(name: .customLong("webpush-hosts"),
            help: "The push services browsers may subscribe with, comma-separated, *.domain for a domain (default: $XPEDITE_WEBPUSH_HOSTS, else the browsers' own).")
    var webPushHosts: String?

    /// The settings: the environment's, overridden by the options given.
    func settings(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PushSettings {
        var settings = try PushSettings(environment: environment)
        if let apnsKeyFile { settings.apnsKeyFile = apnsKeyFile }
        if let apnsKeyId { settings.apnsKeyId = apnsKeyId }
        if let apnsTeamId { settings.apnsTeamId = apnsTeamId }
        if let apnsTopic { settings.apnsTopic = apnsTopic }
        if let apnsURL { settings.apnsURL = apnsURL }
        if let fcmServiceAccount { settings.fcmServiceAccountFile = fcmServiceAccount }
        if let fcmURL { settings.fcmURL = fcmURL }
        if let pushCAFile { settings.caFile = pushCAFile }
        if let vapidSubject { settings.vapidSubject = vapidSubject }
        if let vapidKeyFile { settings.vapidKeyFile = vapidKeyFile }
        if let webPushHosts { settings.webPushHosts = webPushHosts }
        return settings
    }

    /// The configured providers, Web Push, and the HTTP client they share (shut down when the
    /// server stops: ``PushProviders/closing(after:)``). A bad key, account or CA file prints its
    /// reason and exits 2, before the server starts: never at the first push.
    func makeProviders(logger: Logger) async throws -> PushProviders {
        do {
            let settings = try settings()
            let client = try settings.makeHTTPClient()
            do {
                let providers = try settings.makeProviders(httpClient: client, logger: logger)
                return PushProviders(client: client, byPlatform: providers, webPush: settings.webPushConfiguration(httpClient: client))
            } catch {
                try await client.shutdown()
                throw error
            }
        } catch let error as PushConfigurationError {
            var standardError = StandardError()
            print("xpedite: push configuration: \(error)", to: &standardError)
            throw ExitCode(2)
        }
    }
}

/// Push providers made from ``PushOptions``, with the HTTP client they send through.
struct PushProviders {
    /// The client the providers and Web Push send through.
    let client: HTTPClient
    /// The providers by device platform (`ios`, `android`).
    let byPlatform: [String: any PushProvider]
    /// Web Push for browsers (always on for a server: its key is generated on the first run).
    let webPush: WebPushConfiguration

    /// One line for the start-up banner: where each platform's pushes go.
    var summary: String {
        let ios = byPlatform["ios"].map { _ in "iOS → APNs" } ?? "iOS → log"
        let android = byPlatform["android"].map { _ in "Android → FCM" } ?? "Android → log"
        return "Pushes: \(ios), \(android), web → Web Push"
    }

    /// Runs `body` (the server), then closes the client's connections and the APNs provider's own
    /// (its HTTP/2 sender's), whether `body` returned or threw.
    func closing<T>(after body: () async throws -> T) async throws -> T {
        let result: T
        do {
            result = try await body()
        } catch {
            await (byPlatform["ios"] as? APNsProvider)?.shutdown()
            try await client.shutdown()
            throw error
        }
        await (byPlatform["ios"] as? APNsProvider)?.shutdown()
        try await client.shutdown()
        return result
    }
}
