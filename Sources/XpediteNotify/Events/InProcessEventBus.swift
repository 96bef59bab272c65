import Foundation
import Synchronization

/// A ``NotifyEventBus`` inside one process: what is published is handed to every subscriber at
/// once, in the order published. The bus of a single server (SQLite) and of tests; also the
/// local half of XpediteNotifyPostgres' `PostgresEventBus`.
///
/// ```swift
/// let bus = InProcessEventBus()
/// let events = bus.subscribe()
/// try await bus.publish(.workDue(lanes: []))
/// for await event in events { … }
/// ```
public final class InProcessEventBus: NotifyEventBus {
    private let subscribers = Mutex<[UUID: AsyncStream<NotifyEvent>.Continuation]>([:])

    /// An empty bus.
    public init() {}

    /// Hands `event` to every subscriber; never throws.
    public func publish(_ event: NotifyEvent) {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(event) }
    }

    /// The events published from now on; buffered without bound while the subscriber is busy.
    public func subscribe() -> AsyncStream<NotifyEvent> {
        let (stream, continuation) = AsyncStream<NotifyEvent>.makeStream()
        let id = UUID()
        subscribers.withLock { $0[id] = continuation }
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
