import XpediteProtocol

/// The responses published to one topic from the moment of subscribing, as an AsyncSequence:
///
/// ```swift
/// for try await response in notifier.responses(on: "/a/b/c") {
///     print(response.username, response.values)
/// }
/// ```
///
/// Responses are buffered without bound while the loop is busy; leaving the loop ends the
/// subscription.
public struct ResponseSubscription: AsyncSequence, Sendable {
    /// A response object.
    public typealias Element = ResponseObject
    /// Never thrown today; kept for stores that may fail.
    public typealias Failure = any Error

    private let stream: AsyncThrowingStream<ResponseObject, any Error>

    init(hub: SubscriberHub<PublishedResponse>, topic: String) {
        let (stream, continuation) = AsyncThrowingStream<ResponseObject, any Error>.makeStream()
        let token = hub.subscribe(topic) { response in continuation.yield(response.object) }
        continuation.onTermination = { _ in hub.unsubscribe(token) }
        self.stream = stream
    }

    /// The iterator of the responses.
    public func makeAsyncIterator() -> AsyncThrowingStream<ResponseObject, any Error>.AsyncIterator {
        stream.makeAsyncIterator()
    }
}
