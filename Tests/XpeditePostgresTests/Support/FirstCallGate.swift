import Synchronization

/// Holds the first call of a batcher test's stand-in statement until ``release()``: the way the
/// batcher tests make requests arrive while a statement runs.
final class FirstCallGate: Sendable {
    private struct State {
        var released = false
        var held = false
        var waiting: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// Waits until ``release()`` (at once when it was called already).
    func hold() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state -> Bool in
                if state.released { return true }
                state.waiting = continuation
                state.held = true
                return false
            }
            if open { continuation.resume() }
        }
    }

    /// Returns once a call is held.
    func held() async {
        while !state.withLock({ $0.held }) { await Task.yield() }
    }

    /// Lets the held call (and any later one) go on.
    func release() {
        let waiting = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.released = true
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume()
    }
}
