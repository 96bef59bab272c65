import Crypto
import Foundation
import Synchronization
import Testing
import XpediteNotify
import XpediteProtocol
import XpeditePushStandIns
import XpediteNotifySQLite
import XpediteTestFixtures

/// The whole path of a send to many phones: `POST /send`'s commit, the delivery engine, the APNs
/// provider over HTTP/2 and TLS, and a push service that throttles and restarts.
@Suite struct PushFanOutTests {
    @Test func aThousandDevicesEachGetExactlyOneAcceptedPushThroughThrottlingAndARestart() async throws {
        // 100 at a time: the stand-in's HTTP/2 server allows 100 concurrent streams, so no request
        // waits inside the client for a stream (the whole suite runs beside it on 2 cores).
        try await APNsHarness.run(concurrency: 100) { apns in
            let directory = try TemporaryDirectory("push-fan-out")
            var configuration = NotifyConfiguration(dataDirectory: directory.url, apiKeys: ["k"])
            configuration.pushProviders["ios"] = apns.provider
            configuration.pushRetry.initialDelay = .milliseconds(20)
            configuration.pushRetry.maximumDelay = .milliseconds(200)
            configuration.pushRetry.pollInterval = .milliseconds(50)
            configuration.logger.logLevel = .error
            let notifier = try Notifier(configuration: configuration,
                                        store: SQLiteNotifyStore(directory: configuration.dataDirectory))
            let count = 1000
            for index in 0..<count {
                let username = "worker\(index)"
                _ = try await notifier.store.putUser(username: username, passwordHash: "unused", displayName: nil, groups: nil)
                _ = try await notifier.store.registerDevice(username: username, deviceId: "iphone", deviceName: "iPhone",
                                                            platform: "ios", pushToken: PushTesting.apnsToken(index),
                                                            tokenDigest: "digest-\(index)")
            }
            // Every tenth request is throttled (429), and the service restarts once half are in.
            apns.standIn.setRule { number, _ in number % 10 == 0 ? .tooManyRequests(retryAfter: nil) : .accept }
            let payload = try Payload(validating: ["responseTopic": "/inspections", "fields": [
                ["id": "ok", "type": "checkbox", "checkboxLabel": "Done"],
            ]])
            let sent = try await notifier.sendPayload(payload, title: "Inspection", body: "Unit 7", to: .all)
            #expect(sent.deliveries == count)
            try await Self.withEngines(of: notifier) {
                let halfway = ContinuousClock.now.advanced(by: .seconds(120))
                while apns.standIn.accepted.count < count / 2 {
                    guard ContinuousClock.now < halfway else {
                        throw Failure("only \(apns.standIn.accepted.count) pushes accepted after 120 s: \(try await Self.errors(notifier, sent.messageId))")
                    }
                    try await Task.sleep(for: .milliseconds(5))
                }
                try await apns.standIn.restart()
                let deadline = ContinuousClock.now.advanced(by: .seconds(120))
                while try await Self.pending(notifier, sent.messageId) > 0 {
                    guard ContinuousClock.now < deadline else {
                        throw Failure("deliveries still pending after 120 s: \(try await Self.errors(notifier, sent.messageId))")
                    }
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            let accepted = apns.standIn.accepted
            let perDevice = Dictionary(grouping: accepted, by: \.deviceToken).mapValues(\.count)
            #expect(perDevice.count == count)
            #expect(perDevice.values.allSatisfy { $0 == 1 })
            #expect(Set(accepted.map(\.apnsId)).count == count)
            let message = try #require(try await notifier.message(sent.messageId))
            #expect(message.deliveries.allSatisfy { $0.state == .delivered })
            #expect(apns.standIn.answers.contains { $0.status == 429 })
            let retried = message.deliveries.filter { $0.attempts > 1 }
            #expect(!retried.isEmpty)
            #expect(retried.allSatisfy { $0.lastError != nil })
            #expect(message.deliveries.contains { $0.lastError?.hasPrefix("429") == true })
        }
    }

    /// The deliveries' last errors, counted: what a failure message shows.
    static func errors(_ notifier: Notifier, _ messageId: String) async throws -> [String: Int] {
        let deliveries = try await notifier.message(messageId)?.deliveries ?? []
        return Dictionary(grouping: deliveries, by: { "\($0.state.rawValue): \($0.lastError ?? "-")" }).mapValues(\.count)
    }

    static func pending(_ notifier: Notifier, _ messageId: String) async throws -> Int {
        try await notifier.message(messageId)?.deliveries.filter { $0.state == .pending }.count ?? 0
    }

    /// Runs `body` with the notifier's delivery engines running, then stops them.
    static func withEngines(of notifier: Notifier, _ body: () async throws -> Void) async throws {
        let services = notifier.services
        try await withThrowingTaskGroup(of: Void.self) { group in
            for service in services {
                group.addTask { try await service.run() }
            }
            defer { group.cancelAll() }
            try await body()
        }
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
