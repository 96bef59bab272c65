import Logging

/// A push provider that only logs each push: for development, and for devices of platforms
/// without a configured provider (docs/push.md: the delivery is `delivered` to the log).
public struct LoggingPushProvider: PushProvider {
    /// `log`.
    public let name = "log"
    /// A log line needs no push token.
    public var needsPushTarget: Bool { false }
    private let logger: Logger

    /// Logs at `info` to `logger`.
    public init(logger: Logger) {
        self.logger = logger
    }

    /// Logs the push; always delivered.
    public func deliver(_ delivery: PushDelivery) async -> DeliveryOutcome {
        logger.info("push", metadata: [
            "messageId": .string(delivery.push.messageId), "delivery": .string(delivery.deliveryId),
            "username": .string(delivery.device.username), "deviceId": .string(delivery.device.deviceId),
            "direct": .stringConvertible(delivery.push.payload != nil),
        ])
        return .delivered
    }
}
