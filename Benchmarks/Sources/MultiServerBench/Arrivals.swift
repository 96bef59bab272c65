/// When each response's event arrived from the subscribed server, by `responseId`: the subscriber
/// records (the instant taken as the event was decoded), the posting loop waits.
actor Arrivals {
    private var arrived: [String: ContinuousClock.Instant] = [:]
    private var waiting: [String: CheckedContinuation<ContinuousClock.Instant?, Never>] = [:]
    private var ended: String?

    /// The event of `responseId` arrived at `instant`.
    func record(_ responseId: String, at instant: ContinuousClock.Instant) {
        if let waiter = waiting.removeValue(forKey: responseId) {
            waiter.resume(returning: instant)
        } else {
            arrived[responseId] = instant
        }
    }

    /// The stream ended (`reason`): every wait, now and later, ends without an instant.
    func end(_ reason: String) {
        ended = reason
        for waiter in waiting.values { waiter.resume(returning: nil) }
        waiting.removeAll()
    }

    /// Why the stream ended, if it did.
    var endReason: String? { ended }

    /// When the event of `responseId` arrived; `nil` when it has not within `timeout` or the
    /// stream ended.
    func arrival(of responseId: String, timeout: Duration) async -> ContinuousClock.Instant? {
        if let instant = arrived.removeValue(forKey: responseId) { return instant }
        if ended != nil { return nil }
        let timer = Task {
            do {
                try await Task.sleep(for: timeout)
            } catch {
                return  // cancelled: the event arrived in time
            }
            self.expire(responseId)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { waiting[responseId] = $0 }
    }

    private func expire(_ responseId: String) {
        waiting.removeValue(forKey: responseId)?.resume(returning: nil)
    }
}
