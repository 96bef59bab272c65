import Synchronization
import XpediteNotify

/// A push provider that answers what a script says for each attempt and records every attempt:
/// for the outbox's rules (retries, `Retry-After`, gone targets). It needs a push token, like a
/// real provider.
final class ScriptedPushProvider: PushProvider {
    let name: String
    let concurrency: Int
    private let script: @Sendable (_ delivery: PushDelivery, _ attempt: Int) -> DeliveryOutcome
    private let attempts = Mutex<[PushDelivery]>([])

    init(name: String = "scripted", concurrency: Int = 64,
         script: @escaping @Sendable (_ delivery: PushDelivery, _ attempt: Int) -> DeliveryOutcome = { _, _ in .delivered }) {
        self.name = name
        self.concurrency = concurrency
        self.script = script
    }

    /// Every attempt so far, in order.
    var calls: [PushDelivery] { attempts.withLock { $0 } }

    func deliver(_ delivery: PushDelivery) async -> DeliveryOutcome {
        attempts.withLock { $0.append(delivery) }
        return script(delivery, delivery.attempts + 1)
    }
}
