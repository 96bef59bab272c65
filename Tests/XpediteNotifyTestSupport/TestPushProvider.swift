import Synchronization
import XpediteNotify

/// An in-process push provider that records every push it is handed, for the tests (test support,
/// never part of a product). It can be told what to answer.
public final class TestPushProvider: PushProvider {
    /// One recorded push.
    public struct Record: Sendable, Hashable {
        /// The push, fitted to the provider's limit.
        public var push: Push
        /// The device it was for.
        public var device: NotifyDevice
        /// The delivery's id.
        public var deliveryId: String
    }

    /// The provider's name (`test` by default).
    public let name: String
    /// The push limit (2048 by default).
    public let maximumPushSize: Int
    /// A test device needs no push token.
    public var needsPushTarget: Bool { false }
    private let state = Mutex<(records: [Record], answer: DeliveryOutcome)>(([], .delivered))

    /// A provider named `name` with a push limit.
    public init(name: String = "test", maximumPushSize: Int = 2048) {
        self.name = name
        self.maximumPushSize = maximumPushSize
    }

    /// Every push accepted so far, in order.
    public var records: [Record] { state.withLock { $0.records } }

    /// Makes later deliveries fail for good (or succeed again).
    public func setFailing(_ failing: Bool) {
        setAnswer(failing ? .failed(reason: "refused by the test provider") : .delivered)
    }

    /// What later deliveries come to; a push is recorded only when the answer is `delivered`.
    public func setAnswer(_ answer: DeliveryOutcome) {
        state.withLock { $0.answer = answer }
    }

    /// Records the push when the set answer is `delivered`, and returns the answer.
    public func deliver(_ delivery: PushDelivery) async -> DeliveryOutcome {
        state.withLock { state in
            if state.answer == .delivered {
                state.records.append(Record(push: delivery.push.fitted(to: maximumPushSize), device: delivery.device,
                                            deliveryId: delivery.deliveryId))
            }
            return state.answer
        }
    }
}
