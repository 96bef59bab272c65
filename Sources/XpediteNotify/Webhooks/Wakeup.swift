import Synchronization

/// A flag that wakes the webhook dispatcher early when a response queued deliveries.
final class Wakeup: Sendable {
    private let flag = Mutex(false)

    /// Sets the flag.
    func signal() {
        flag.withLock { $0 = true }
    }

    /// Returns when the flag is set (clearing it), after `timeout`, or on cancellation. It looks
    /// at the flag every 10 ms: a cheap check of memory, never of the database.
    func wait(upTo timeout: Duration) async {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline, !Task.isCancelled {
            if flag.withLock({ state in defer { state = false }; return state }) { return }
            do {
                try await Task.sleep(for: .milliseconds(10))
            } catch {
                return    // cancelled: the dispatcher is stopping
            }
        }
    }
}
