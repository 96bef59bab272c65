import AsyncHTTPClient
import Foundation
import Logging
import XpediteNotify
import XpeditePush
import XpeditePushStandIns
import XpediteProtocol

/// What the push tests share: the HTTP client trusting the test CA, deliveries, payloads.
enum PushTesting {
    /// A logger that drops everything.
    static let logger = Logger(label: "push-tests", factory: { _ in SwiftLogNoOpLogHandler() })

    /// The settings of the tests: only the test CA (what `XPEDITE_PUSH_CA_FILE` does).
    static func settings() throws -> PushSettings {
        try PushSettings(environment: [PushSettings.Variable.caFile: StandInTLS.caFile])
    }

    /// Runs `body` with a client made by ``settings()`` (HTTP/2 over TLS, the test CA trusted),
    /// shut down afterwards whatever happens.
    static func withClient<T: Sendable>(_ body: (HTTPClient) async throws -> T) async throws -> T {
        let client = try settings().makeHTTPClient()
        do {
            let result = try await body(client)
            try await client.shutdown()
            return result
        } catch {
            try await client.shutdown()
            throw error
        }
    }

    /// The outcomes of `count` deliveries made at once through `provider`, the `index`-th
    /// delivery being `delivery(index)`, in the order they finished.
    static func deliverAtOnce(_ count: Int, through provider: some PushProvider,
                              _ delivery: @escaping @Sendable (Int) -> PushDelivery) async -> [DeliveryOutcome] {
        await withTaskGroup(of: DeliveryOutcome.self) { group in
            for index in 0..<count {
                group.addTask { await provider.deliver(delivery(index)) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// A hex device token like Apple's (64 hex digits), different for each `index`.
    static func apnsToken(_ index: Int = 0) -> String {
        String(format: "%08x", index) + String(repeating: "ab", count: 28)
    }

    /// A delivery of `push` to a device with `pushToken`, expiring a day after `now`.
    static func delivery(_ push: Push, pushToken: String?, platform: String = "ios", now: Date = Date(),
                         deliveryId: String = UUID().uuidString.lowercased()) -> PushDelivery {
        PushDelivery(deliveryId: deliveryId, push: push,
                     device: NotifyDevice(key: 1, username: "joe", deviceId: "d1", deviceName: "Phone", platform: platform,
                                          pushToken: pushToken),
                     attempts: 0, expiresAt: now.addingTimeInterval(86_400).rounded())
    }

    /// A push without payload.
    static func hint(_ messageId: String = UUID().uuidString.lowercased()) -> Push {
        Push(messageId: messageId, title: "Inspection due", body: "Unit 7 needs its monthly inspection")
    }

    /// A push with a small payload (it fits 4096 bytes).
    static func smallDirect() throws -> Push {
        var push = hint()
        push.payload = try Payload(validating: ["responseTopic": "/inspections/unit7",
                                                "fields": [["id": "ok", "type": "checkbox", "checkboxLabel": "All fine"]]])
        return push
    }

    /// A push whose payload (5000 bytes of state) does not fit 4096 bytes.
    static func bigDirect() throws -> Push {
        var push = hint()
        push.payload = try Payload(validating: ["responseTopic": "/inspections/unit7", "state": .string(String(repeating: "x", count: 5000)),
                                                "fields": [["id": "ok", "type": "checkbox", "checkboxLabel": "All fine"]]])
        return push
    }
}

extension Date {
    /// The date at a whole second (what `apns-expiration` carries).
    fileprivate func rounded() -> Date {
        Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
    }
}
