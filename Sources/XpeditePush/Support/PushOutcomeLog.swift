import Logging
import XpediteNotify

/// The one log line a provider writes per attempt: `debug` when delivered, `info` otherwise. It
/// names the delivery, the message and the target (a token's last characters, or a push
/// service's host), never a key or a whole token; the metadata is built only when the line is.
enum PushOutcomeLog {
    static func write(_ outcome: DeliveryOutcome, provider: String, delivery: PushDelivery,
                      target: (key: String, value: String), to logger: Logger) {
        func metadata() -> Logger.Metadata {
            ["provider": .string(provider), "delivery": .string(delivery.deliveryId),
             "messageId": .string(delivery.push.messageId), .init(target.key): .string(target.value),
             "outcome": .string(outcome.reason ?? "delivered")]
        }
        if case .delivered = outcome {
            logger.debug("push delivered", metadata: metadata())
        } else {
            logger.info("push not delivered", metadata: metadata())
        }
    }
}
