import XpediteTestFixtures
import AsyncHTTPClient
import Crypto
import Foundation
import XpediteNotify
import XpeditePushStandIns

/// An APNs stand-in and a provider talking to it over TLS and HTTP/2, with a fresh key.
struct APNsHarness: Sendable {
    static let keyId = "ABC123DEFG"
    static let teamId = "DEF123GHIJ"
    static let topic = "com.example.xpedite"

    let standIn: APNsStandIn
    let provider: APNsProvider
    let clock: TestClock

    /// Runs `body` with a started stand-in and a provider (with `concurrency`), then shuts both down.
    static func run(clock: TestClock = TestClock(start: Date()), concurrency: Int = 500,
                    _ body: @Sendable (APNsHarness) async throws -> Void) async throws {
        let key = P256.Signing.PrivateKey()
        let standIn = APNsStandIn(publicKey: key.publicKey, keyId: keyId, teamId: teamId, topic: topic, now: clock.function)
        try await standIn.start()
        do {
            try await PushTesting.withClient { client in
                let configuration = try APNsConfiguration(keyPEM: key.pemRepresentation, keyId: keyId, teamId: teamId, topic: topic,
                                                          baseURL: standIn.baseURL)
                let provider = APNsProvider(configuration: configuration, httpClient: client, logger: PushTesting.logger,
                                            concurrency: concurrency, now: clock.function)
                try await body(APNsHarness(standIn: standIn, provider: provider, clock: clock))
            }
        } catch {
            try await standIn.stop()
            throw error
        }
        try await standIn.stop()
    }
}
