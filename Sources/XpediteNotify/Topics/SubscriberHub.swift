import Synchronization

/// In-process fan-out of events to the subscribers of each key: responses to the subscribers of
/// their topic, device events to the streams of their user. A subscriber is a callback,
/// registered before anything is read so nothing published afterwards is missed.
final class SubscriberHub<Event: Sendable>: Sendable {
    /// A subscription's handle, to cancel it.
    struct Token: Hashable, Sendable {
        let key: String
        let id: Int
    }

    private struct State {
        var nextID = 0
        var subscribers: [String: [Int: @Sendable (Event) -> Void]] = [:]
    }

    private let state = Mutex(State())

    /// Calls `handler` with every event published to `key` from now on.
    func subscribe(_ key: String, _ handler: @escaping @Sendable (Event) -> Void) -> Token {
        state.withLock { state in
            state.nextID += 1
            state.subscribers[key, default: [:]][state.nextID] = handler
            return Token(key: key, id: state.nextID)
        }
    }

    /// Stops a subscription.
    func unsubscribe(_ token: Token) {
        state.withLock { state in
            state.subscribers[token.key]?[token.id] = nil
            if state.subscribers[token.key]?.isEmpty == true { state.subscribers[token.key] = nil }
        }
    }

    /// Hands `event` to every subscriber of `key`.
    func publish(_ event: Event, to key: String) {
        let handlers = state.withLock { state in state.subscribers[key].map { Array($0.values) } ?? [] }
        for handler in handlers { handler(event) }
    }

    /// Whether any key has a subscription.
    var hasSubscribers: Bool {
        state.withLock { !$0.subscribers.isEmpty }
    }

    /// How many subscriptions are open on `key`.
    func subscriberCount(_ key: String) -> Int {
        state.withLock { $0.subscribers[key]?.count ?? 0 }
    }
}
