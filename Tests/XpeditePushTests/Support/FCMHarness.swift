import AsyncHTTPClient
import Foundation
import XpediteNotify
import XpeditePush
import XpeditePushStandIns
import XpediteTestFixtures

/// An FCM stand-in (token endpoint and send API) and a provider reading a throwaway service
/// account file whose `token_uri` points at it.
struct FCMHarness: Sendable {
    let standIn: FCMStandIn
    let provider: FCMProvider
    let clock: TestClock
    let account: ThrowawayServiceAccount

    /// The throwaway account, made once: a 2048-bit key takes a moment.
    static let sharedAccount = Result { try ThrowawayServiceAccount() }

    /// Runs `body` with a started stand-in and a provider, then shuts both down.
    static func run(clock: TestClock = TestClock(start: Date()), _ body: @Sendable (FCMHarness) async throws -> Void) async throws {
        let account = try sharedAccount.get()
        let directory = try TemporaryDirectory("fcm-push")
        let standIn = FCMStandIn(account: account, now: clock.function)
        try await standIn.start()
        do {
            let file = try account.write(to: directory.appendingPathComponent("service-account.json"), tokenURI: standIn.tokenURL)
            try await PushTesting.withClient { client in
                let provider = try FCMProvider(serviceAccount: FCMServiceAccount(contentsOf: file), httpClient: client,
                                               logger: PushTesting.logger, baseURL: standIn.baseURL, now: clock.function)
                try await body(FCMHarness(standIn: standIn, provider: provider, clock: clock, account: account))
            }
        } catch {
            try await standIn.stop()
            throw error
        }
        try await standIn.stop()
    }
}
