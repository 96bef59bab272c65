import Foundation
import Hummingbird
import NIOCore
import ServiceLifecycle

extension Notifier {
    /// The `Last-Event-ID` header of a request.
    static func lastEventID(_ request: Request) -> String? {
        request.headers.first { $0.name.canonicalName == "last-event-id" }?.value
    }

    /// One item written to an event stream.
    private enum StreamItem: Sendable {
        case response(PublishedResponse)
        case heartbeat
    }

    /// `GET /events`: Server-Sent Events, one `event: response` per response published to
    /// `topic` (`id:` its cursor). With `after` (from `Last-Event-ID`), the stored responses after
    /// it are replayed first. The subscription is taken before the replay is read and live events
    /// at or before the last replayed cursor are skipped, so nothing is lost or repeated between
    /// the two. A comment is sent at once (so the client knows the stream is open) and then every
    /// ``NotifyConfiguration/eventStreamHeartbeat``.
    func eventStream(topic: String, after: Int64?) -> Response {
        let (items, continuation) = AsyncStream<StreamItem>.makeStream()
        let token = hub.subscribe(topic) { response in continuation.yield(.response(response)) }
        let heartbeat = configuration.eventStreamHeartbeat
        let beats = Task {
            while !Task.isCancelled {
                do { try await Task.sleep(for: heartbeat) } catch { return }
                continuation.yield(.heartbeat)
            }
        }
        continuation.onTermination = { [hub] _ in
            hub.unsubscribe(token)
            beats.cancel()
        }
        let store = self.store
        let body = ResponseBody { writer in
            defer { continuation.finish() }
            try await writer.write(ByteBuffer(string: ": stream of \(topic)\n\n"))
            var last = after ?? 0
            if let after {
                var cursor = after
                while true {
                    let page = try await store.responses(topic: topic, after: cursor, limit: 500)
                    for response in page {
                        try await writer.write(Self.event(cursor: response.cursor, json: response.json))
                        cursor = response.cursor
                    }
                    if page.count < 500 { break }
                }
                last = cursor
            }
            // A graceful shutdown of the server ends the stream (the client reconnects with
            // Last-Event-ID), so an open stream never holds the shutdown up.
            try await withGracefulShutdownHandler {
                for await item in items {
                    switch item {
                    case .response(let response) where response.cursor > last:
                        try await writer.write(Self.event(cursor: response.cursor, json: response.json))
                        last = response.cursor
                    case .response:
                        continue
                    case .heartbeat:
                        try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                    }
                }
            } onGracefulShutdown: {
                continuation.finish()
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
}
