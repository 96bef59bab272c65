import Synchronization

/// An in-process push provider that records every push it is handed: for tests, and for
/// embedding a device in the same process. It can be told to fail.
public final class TestPushProvider: PushProvider {
    /// One recorded push.
    public struct Record: Sendable, Hashable {
        /// The push.
        public var push: Push
        /// The device it was for.
        public var device: NotifyDevice
    }

    /// Thrown when the provider is set to fail.
    public struct Refused: Error, Sendable, CustomStringConvertible {
        public var description: String { "refused by the test provider" }
    }

    /// The provider's name (`test` by default).
    public let name: String
    /// The push limit (2048 by default).
    public let maximumPushSize: Int
    private let state = Mutex<(records: [Record], failing: Bool)>(([], false))

    /// A provider named `name` with a push limit.
    public init(name: String = "test", maximumPushSize: Int = 2048) {
        self.name = name
        self.maximumPushSize = maximumPushSize
    }

    /// Every push handed over so far, in order.
    public var records: [Record] { state.withLock { $0.records } }

    /// Makes later deliveries fail (or succeed again).
    public func setFailing(_ failing: Bool) {
        state.withLock { $0.failing = failing }
    }

    /// Records the push, or throws ``Refused`` when set to fail.
    public func deliver(_ push: Push, to device: NotifyDevice) async throws {
        try state.withLock { state in
            if state.failing { throw Refused() }
            state.records.append(Record(push: push, device: device))
        }
    }
}
