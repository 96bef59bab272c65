import Foundation
import Synchronization

/// Whether a message's push may still be sent, asked right before sending it
/// (docs/push.md#withdrawal-pushes): a push claimed before its message was withdrawn is not sent.
/// The store is asked once per message every ``freshness`` (a send to 10,000 devices reads the
/// message's state a handful of times, not 10,000), and a withdrawal made on this server is known
/// at once. A push that slips through the short window is taken back anyway: a withdrawal pushes
/// to every device whose push was being sent.
final class ActiveMessageCheck: Sendable {
    /// How long a store answer that a message is active is trusted.
    static let freshness: Duration = .milliseconds(250)

    private struct State {
        var active: [String: ContinuousClock.Instant] = [:]
        var withdrawn: Set<String> = []
    }

    private let state = Mutex(State())
    private let store: any DeliveryStore

    /// A check reading `store`.
    init(store: any DeliveryStore) {
        self.store = store
    }

    /// Whether `messageId` is still active.
    ///
    /// - Throws: the store's error when it cannot say (the push is retried later).
    func isActive(_ messageId: String) async throws -> Bool {
        let now = ContinuousClock.now
        let known: Bool? = state.withLock { state in
            if state.withdrawn.contains(messageId) { return false }
            if let checked = state.active[messageId], now - checked < Self.freshness { return true }
            return nil
        }
        if let known { return known }
        let active = try await store.messageIsActive(messageId)
        state.withLock { state in
            if state.active.count > 4096 { state.active.removeAll(keepingCapacity: true) }
            if active { state.active[messageId] = now } else { state.active[messageId] = nil }
        }
        return active
    }

    /// Notes a withdrawal made on this server: its pushes stop at once.
    func noteWithdrawn(_ messageId: String) {
        state.withLock { state in
            state.active[messageId] = nil
            if state.withdrawn.count > 4096 { state.withdrawn.removeAll(keepingCapacity: true) }
            state.withdrawn.insert(messageId)
        }
    }
}
