import Logging
import XpediteProtocol

/// A push provider that only logs each push: for development, and for devices of platforms
/// without a real provider.
public struct LoggingPushProvider: PushProvider {
    /// `log`.
    public let name = "log"
    private let logger: Logger

    /// Logs at `info` to `logger`.
    public init(logger: Logger) {
        self.logger = logger
    }

    /// Logs the push.
    public func deliver(_ push: Push, to device: NotifyDevice) async throws {
        logger.info("push", metadata: [
            "messageId": .string(push.messageId), "username": .string(device.username),
            "deviceId": .string(device.deviceId), "direct": .stringConvertible(push.payload != nil),
        ])
    }
}
