/// What waits to be written to one Server-Sent Events stream: at most ``limit`` items. A reader
/// that falls further behind (a slow or stalled client) ends the stream instead of making the
/// server keep every event for it (decision 0541): what was buffered is still written, then the
/// stream closes and the client reconnects (`Last-Event-ID` replays a topic's responses).
struct EventStreamBuffer<Item: Sendable>: Sendable {
    /// The items, in the order added, ending after ``finish()`` or an overflow.
    let items: AsyncStream<Item>
    /// The most items waiting at once.
    let limit: Int
    private let continuation: AsyncStream<Item>.Continuation

    /// An empty buffer of at most `limit` items (at least 1).
    init(limit: Int) {
        self.limit = max(1, limit)
        (items, continuation) = AsyncStream<Item>.makeStream(bufferingPolicy: .bufferingOldest(self.limit))
    }

    /// Adds `item`; `false` when the buffer was full, which ends the stream, or had ended.
    @discardableResult
    func add(_ item: Item) -> Bool {
        switch continuation.yield(item) {
        case .enqueued:
            return true
        case .dropped:
            continuation.finish()
            return false
        case .terminated:
            return false
        @unknown default:
            continuation.finish()
            return false
        }
    }

    /// Ends the stream after what is buffered.
    func finish() {
        continuation.finish()
    }

    /// Runs `handler` when the stream ends (finished, overflowed, or its reader gone).
    func onTermination(_ handler: @escaping @Sendable () -> Void) {
        continuation.onTermination = { _ in handler() }
    }
}
