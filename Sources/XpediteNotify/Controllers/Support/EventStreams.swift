import Foundation
import Hummingbird
import NIOCore
import ServiceLifecycle
import XpediteProtocol

/// The Server-Sent Events streams of the API: a topic's responses (`GET /events`) and a user's
/// device events (`GET /device/events`), fed by the notifier's in-process subscriptions.
struct EventStreams: Sendable {
    let notifier: Notifier

    /// One event of a stream, written as it is; `cursor` orders replayed and live events of a topic.
    struct ServerSentEvent: Sendable {
        var cursor: Int64?
        var bytes: ByteBuffer
    }

    /// One item written to an event stream.
    private enum StreamItem: Sendable {
        case event(ServerSentEvent)
        case heartbeat
    }

    /// `GET /events`: Server-Sent Events, one `event: response` per response published to
    /// `topic` (`id:` its cursor). With `after` (from `Last-Event-ID`), the stored responses after
    /// it are replayed first. The subscription is taken before the replay is read and live events
    /// at or before the last replayed cursor are skipped, so nothing is lost or repeated between
    /// the two.
    func responses(topic: String, after: Int64?) -> Response {
        let store = notifier.store
        var replay: (@Sendable (_ writer: inout any ResponseBodyWriter) async throws -> Int64)?
        if let after {
            replay = { writer in
                var cursor = after
                while true {
                    let page = try await store.responses(topic: topic, after: cursor, limit: 500)
                    for response in page {
                        try await writer.write(Self.event(cursor: response.cursor, json: response.json))
                        cursor = response.cursor
                    }
                    if page.count < 500 { return cursor }
                }
            }
        }
        let hub = notifier.hub
        return serverSentEvents(opening: "stream of \(topic)", subscribe: { yield in
            let token = hub.subscribe(topic) { response in
                yield(ServerSentEvent(cursor: response.cursor, bytes: Self.event(cursor: response.cursor, json: response.json)))
            }
            return { hub.unsubscribe(token) }
        }, replay: replay)
    }

    /// `GET /device/events` (docs/notify-api.md#device-routes): `event: message` when a message to
    /// `username` is sent, `event: answered` when any device of the user answers one, `event:
    /// withdrawn` when one is withdrawn or expires.
    func deviceEvents(username: String) -> Response {
        let hub = notifier.deviceEvents
        return serverSentEvents(opening: "events of this user", subscribe: { yield in
            let token = hub.subscribe(username) { event in
                yield(ServerSentEvent(cursor: nil, bytes: self.deviceEvent(event)))
            }
            return { hub.unsubscribe(token) }
        }, replay: nil)
    }

    /// A Server-Sent Events response fed by an in-process subscription: a comment at once (so the
    /// client knows the stream is open), then what `replay` writes (it returns the last cursor
    /// written; live events at or before it are skipped), then every live event, with a keep-alive
    /// comment every ``NotifyConfiguration/eventStreamHeartbeat``. A graceful shutdown of the server
    /// ends the stream (the client reconnects), so an open stream never holds the shutdown up; so
    /// does a client that falls ``NotifyConfiguration/eventStreamBufferLimit`` events behind.
    /// The subscription is taken when the body is written, not before: a response whose body is
    /// never written (the answer to HEAD) subscribes to nothing.
    private func serverSentEvents(
        opening comment: String,
        subscribe: @escaping @Sendable (_ yield: @escaping @Sendable (ServerSentEvent) -> Void) -> @Sendable () -> Void,
        replay: (@Sendable (_ writer: inout any ResponseBodyWriter) async throws -> Int64)?
    ) -> Response {
        let heartbeat = notifier.configuration.eventStreamHeartbeat
        let limit = notifier.configuration.eventStreamBufferLimit
        let body = ResponseBody { writer in
            // At most `limit` events wait for a slow client; one more ends its stream (decision 0541).
            let buffer = EventStreamBuffer<StreamItem>(limit: limit)
            let items = buffer.items
            let unsubscribe = subscribe { event in buffer.add(.event(event)) }
            let beats = Task {
                while !Task.isCancelled {
                    do { try await Task.sleep(for: heartbeat) } catch { return }
                    buffer.add(.heartbeat)
                }
            }
            buffer.onTermination {
                unsubscribe()
                beats.cancel()
            }
            defer { buffer.finish() }
            try await writer.write(ByteBuffer(string: ": \(comment)\n\n"))
            var last = Int64.min
            if let replay { last = try await replay(&writer) }
            try await withGracefulShutdownHandler {
                for await item in items {
                    switch item {
                    case .event(let event) where (event.cursor ?? .max) > last:
                        try await writer.write(event.bytes)
                        if let cursor = event.cursor { last = cursor }
                    case .event:
                        continue
                    case .heartbeat:
                        try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                    }
                }
            } onGracefulShutdown: {
                buffer.finish()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"], body: body)
    }

    /// One Server-Sent Event: `id`, `event: response`, `data` (canonical JSON has no newline).
    static func event(cursor: Int64, json: Data) -> ByteBuffer {
        var buffer = ByteBuffer(string: "id: \(cursor)\nevent: response\ndata: ")
        buffer.writeBytes(json)
        buffer.writeString("\n\n")
        return buffer
    }

    /// A device event as `event: message`, `event: answered` or `event: withdrawn` with its JSON.
    func deviceEvent(_ event: DeviceEvent) -> ByteBuffer {
        let (name, json): (String, JSONValue)
        switch event {
        case .message(let message):
            name = "message"
            json = [
                "messageId": .string(message.messageId), "title": .string(message.title), "body": .string(message.body),
                "sentAt": .string(notifier.timestamp(message.sentAt)), "responseTopic": .string(message.payload.responseTopic),
            ]
        case .answered(let messageId):
            name = "answered"
            json = ["messageId": .string(messageId)]
        case .withdrawn(let messageId, let reason):
            name = "withdrawn"
            json = ["messageId": .string(messageId), "reason": .string(reason)]
        }
        var buffer = ByteBuffer(string: "event: \(name)\ndata: ")
        buffer.writeBytes(CanonicalJSON.data(json))
        buffer.writeString("\n\n")
        return buffer
    }
}
