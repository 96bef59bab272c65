import Synchronization

/// In-process fan-out of published responses to the subscribers of each topic. A subscriber is
/// a callback, registered before anything is read so nothing published afterwards is missed.
final class TopicHub: Sendable {
    /// A subscription's handle, to cancel it.
    struct Token: Hashable, Sendable {
        let topic: String
        let id: Int
    }

    private struct State {
        var nextID = 0
        var subscribers: [String: [Int: @Sendable (PublishedResponse) -> Void]] = [:]
    }

    private let state = Mutex(State())

    /// Calls `handler` with every response published to `topic` from now on.
    func subscribe(_ topic: String, _ handler: @escaping @Sendable (PublishedResponse) -> Void) -> Token {
        state.withLock { state in
            state.nextID += 1
            state.subscribers[topic, default: [:]][state.nextID] = handler
            return Token(topic: topic, id: state.nextID)
        }
    }

    /// Stops a subscription.
    func unsubscribe(_ token: Token) {
        state.withLock { state in
            state.subscribers[token.topic]?[token.id] = nil
            if state.subscribers[token.topic]?.isEmpty == true { state.subscribers[token.topic] = nil }
        }
    }

    /// Hands `response` to every subscriber of its topic.
    func publish(_ response: PublishedResponse) {
        let handlers = state.withLock { state in state.subscribers[response.object.responseTopic].map { Array($0.values) } ?? [] }
        for handler in handlers { handler(response) }
    }

    /// How many subscriptions are open on `topic`.
    func subscriberCount(_ topic: String) -> Int {
        state.withLock { $0.subscribers[topic]?.count ?? 0 }
    }
}
