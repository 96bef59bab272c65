import Foundation
import Synchronization

/// A ``NotifyEventBus`` inside one process: what is published is handed to every subscriber at
/// once, in the order published. The bus of a single server (SQLite) and of tests; also the
/// local half of XpediteNotifyPostgres' `PostgresEventBus`.
///
/// A subscriber that falls behind by more than ``bufferLimit`` events loses the oldest ones and
/// gets ``NotifyEvent/eventsMayBeLost`` after them instead (decision 0540): every event is a small
/// fact whose rows stay in the store, and that event makes the subscriber re-read what it follows.
/// So a busy subscriber holds at most ``bufferLimit`` events, however long it is busy.
///
/// ```swift
/// let bus = InProcessEventBus()
/// let events = bus.subscribe()
/// try await bus.publish(.workDue(lanes: []))
/// for await event in events { … }
/// ```
public final class InProcessEventBus: NotifyEventBus {
    /// The events a subscriber may fall behind by, unless the bus is made with another limit.
    public static let defaultBufferLimit = 4096

    /// The events one subscriber may fall behind by before the oldest are replaced by
    /// ``NotifyEvent/eventsMayBeLost``.
    public let bufferLimit: Int

    /// One subscription, and how many events were handed to it since its last "events may be lost".
    private struct Subscriber {
        var continuation: AsyncStream<NotifyEvent>.Continuation
        var sinceMarker: Int?

        /// Buffers `event`. When that drops the oldest event waiting, an "events may be lost" follows
        /// it, unless one is waiting already: one handed over fewer than `limit - 1` events ago is still
        /// in the buffer (a full buffer holds the newest `limit`, and it was consumed only if the buffer
        /// had room since), and it comes after every event dropped now.
        mutating func hand(_ event: NotifyEvent, limit: Int) {
            let result = continuation.yield(event)
            if let count = sinceMarker { sinceMarker = count + 1 }
            guard case .dropped(let dropped) = result else { return }
            if dropped == .eventsMayBeLost || (sinceMarker ?? limit) >= limit - 1 {
                continuation.yield(.eventsMayBeLost)   // what this drops is older than it: covered
                sinceMarker = 0
            }
        }
    }

    private let subscribers = Mutex<[UUID: Subscriber]>([:])

    /// An empty bus whose subscribers each hold at most `bufferLimit` events (at least 2).
    public init(bufferLimit: Int = InProcessEventBus.defaultBufferLimit) {
        self.bufferLimit = max(2, bufferLimit)
    }

    /// Hands `event` to every subscriber; never throws.
    public func publish(_ event: NotifyEvent) {
        let limit = bufferLimit
        subscribers.withLock { subscribers in
            for index in subscribers.values.indices { subscribers.values[index].hand(event, limit: limit) }
        }
    }

    /// The events published from now on; at most ``bufferLimit`` wait while the subscriber is busy.
    public func subscribe() -> AsyncStream<NotifyEvent> {
        let (stream, continuation) = AsyncStream<NotifyEvent>.makeStream(bufferingPolicy: .bufferingNewest(bufferLimit))
        let id = UUID()
        subscribers.withLock { $0[id] = Subscriber(continuation: continuation, sinceMarker: nil) }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        return stream
    }

    /// How many subscriptions are open.
    public var subscriberCount: Int {
        subscribers.withLock { $0.count }
    }
}
