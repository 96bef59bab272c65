import Synchronization

/// Runs `operation`, and throws `timeoutError` if it has not finished after `timeout`.
///
/// The caller is resumed at the deadline even when the operation does not react to cancellation
/// (a server that accepts the TCP connection and never answers the start-up): the operation is
/// cancelled and left to end by itself, and whatever it returns late is handed to `discard`.
func withDeadline<Value: Sendable>(
    _ timeout: Duration, timeoutError: any Error,
    discard: @escaping @Sendable (Value) async -> Void = { _ in },
    _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let outcome = DeadlineOutcome<Value>()
    return try await withCheckedThrowingContinuation { continuation in
        outcome.start(continuation)
        let work = Task {
            do {
                let value = try await operation()
                if !outcome.finish(.success(value)) { await discard(value) }
            } catch {
                outcome.finish(.failure(error))
            }
        }
        let timer = Task {
            do {
                try await Task.sleep(for: timeout)
            } catch {
                return  // the operation finished first and cancelled the timer
            }
            if outcome.finish(.failure(timeoutError)) { work.cancel() }
        }
        Task {
            await work.value
            timer.cancel()
        }
    }
}

/// The caller's continuation of ``withDeadline(_:timeoutError:discard:_:)``, resumed once: by
/// the operation or by the timer, whichever comes first.
private final class DeadlineOutcome<Value: Sendable>: Sendable {
    private let continuation = Mutex<CheckedContinuation<Value, any Error>?>(nil)

    func start(_ continuation: CheckedContinuation<Value, any Error>) {
        self.continuation.withLock { $0 = continuation }
    }

    /// Resumes the caller with `result` unless it was resumed already; `true` if this call did.
    @discardableResult
    func finish(_ result: Result<Value, any Error>) -> Bool {
        let waiting = continuation.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }
        guard let waiting else { return false }
        waiting.resume(with: result)
        return true
    }
}
