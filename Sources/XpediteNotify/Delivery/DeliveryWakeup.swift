import Synchronization

/// Wakes a delivery engine when new rows are due: ``signal()`` from the code that committed them,
/// ``wait(upTo:)`` in the engine. An event, not a polled flag: a waiting engine resumes at once,
/// and a signal that comes while the engine is busy is kept (once) for its next wait.
final class DeliveryWakeup: Sendable {
    private struct State {
        var pending = false
        var waiter: (id: Int, continuation: CheckedContinuation<Void, Never>)?
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    /// Wakes the waiting engine, or the next wait.
    func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter.continuation
            }
            state.pending = true
            return nil
        }
        waiter?.resume()
    }

    /// Takes a pending signal without waiting: whether one came since the last wait.
    func consume() -> Bool {
        state.withLock { state in
            defer { state.pending = false }
            return state.pending
        }
    }

    /// Returns at the first signal (or at once for a pending one), after `timeout`, or on
    /// cancellation.
    func wait(upTo timeout: Duration) async {
        if consume() { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.waitForSignal() }
            group.addTask {
                do {
                    try await Task.sleep(for: timeout)
                } catch {
                    // Cancelled: the signal came first.
                }
            }
            await group.next()
            group.cancelAll()
        }
    }

    private func waitForSignal() async {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.pending {
                        state.pending = false
                        return true
                    }
                    if Task.isCancelled { return true }
                    state.waiter = (id, continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let waiter = state.waiter, waiter.id == id else { return nil }
                state.waiter = nil
                return waiter.continuation
            }
            waiter?.resume()
        }
    }
}
