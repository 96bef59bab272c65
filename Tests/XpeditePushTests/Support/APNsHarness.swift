import XpeditePush
import XpediteTestFixtures
import AsyncHTTPClient
import Crypto
import Foundation
import XpediteNotify
import XpeditePushStandIns

/// An APNs stand-in and a provider talking to it over TLS and HTTP/2, with a fresh key, through
/// either sender (the HTTP/2 one unless told).
struct APNsHarness: Sendable {
    static let keyId = "ABC123DEFG"
    static let teamId = "DEF123GHIJ"
    static let topic = "com.example.xpedite"

    let standIn: APNsStandIn
    let provider: APNsProvider
    let clock: TestClock

    /// Runs `body` with a started stand-in and a provider (with `concurrency`, through `sender`),
    /// then shuts both down.
    static func run(sender: APNsSenderKind = .http2, clock: TestClock = TestClock(start: Date()), concurrency: Int = 500,
                    _ body: @Sendable (APNsHarness) async throws -> Void) async throws {
        let key = P256.Signing.PrivateKey()
        let standIn = APNsStandIn(publicKey: key.publicKey, keyId: keyId, teamId: teamId, topic: topic, now: clock.function)
        try await standIn.start()
        do {
            try await PushTesting.withClient { client in
                let configuration = try APNsConfiguration(keyPEM: key.pemRepresentation, keyId: keyId, teamId: teamId, topic: topic,
                                                          baseURL: standIn.baseURL)
                let provider = try makeProvider(sender, configuration: configuration, client: client, concurrency: concurrency,
                                                now: clock.function)
                do {
                    try await body(APNsHarness(standIn: standIn, provider: provider, clock: clock))
                } catch {
                    await provider.shutdown()
                    throw error
                }
                await provider.shutdown()
            }
        } catch {
            try await standIn.stop()
            throw error
        }
        try await standIn.stop()
    }

    /// A provider of `configuration` through `sender`: AsyncHTTPClient's `client`, or the HTTP/2
    /// sender's own connections trusting the test CA.
    static func makeProvider(_ sender: APNsSenderKind, configuration: APNsConfiguration, client: HTTPClient, concurrency: Int = 500,
                             connections: Int? = nil, requestTimeout: Duration = .seconds(10),
                             now: @escaping @Sendable () -> Date = { Date() }) throws -> APNsProvider {
        switch sender {
        case .asyncHTTPClient:
            APNsProvider(configuration: configuration, httpClient: client, logger: PushTesting.logger, concurrency: concurrency,
                         connections: connections ?? 4, requestTimeout: requestTimeout, now: now)
        case .http2:
            try APNsProvider(configuration: configuration, eventLoopGroup: client.eventLoopGroup,
                             tlsConfiguration: try PushTesting.settings().tlsConfiguration(), logger: PushTesting.logger,
                             concurrency: concurrency, connections: connections ?? 2, requestTimeout: requestTimeout, now: now)
        }
    }
}
