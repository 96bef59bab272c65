import Foundation
import NIOCore
import NIOHPACK
import NIOHTTP1
import NIOHTTP2
import Synchronization

/// One long-lived HTTP/2 connection of an ``APNsHTTP2Sender``: the last handler of the channel's
/// pipeline (TLS, `NIOHTTP2Handler` in frame mode, this), it runs the streams itself, with no
/// channel, task or promise per stream.
///
/// Requests arrive from any thread into a small locked queue; the first of a batch schedules one
/// turn of the event loop, which takes the whole batch, opens a stream per request (odd ids in
/// order) while the server's `SETTINGS_MAX_CONCURRENT_STREAMS` allows, writes each header block
/// and body, and flushes once. Answers are read from the frames (`:status`, `retry-after`, the
/// JSON body) and hand each waiting caller its ``PushHTTP/Answer``.
///
/// When the connection ends:
/// - `GOAWAY`: streams above its last stream id were not processed by the server and are handed
///   back to the sender for another connection, as are requests not yet sent; the connection
///   closes once its remaining streams are answered.
/// - connection lost: streams in flight fail as transport errors (the server may have delivered
///   them, so the provider reports a `retry`, as the AsyncHTTPClient sender does); requests not
///   yet sent go to another connection.
/// - never ready (refused, TLS failure): everything waiting fails as a transport error at once.
///
/// Every request has a deadline: a sweep once a second fails the late ones (and resets their
/// streams). When requests time out and nothing at all has come from the server for
/// ``silenceLimit``, the connection is taken for dead (a peer or a NAT that dropped it without a
/// word) and closed: the next requests go to a new one. A request that times out while no stream
/// of the connection got a frame of its answer, from the moment its own stream opened, retires the
/// connection at once, whatever else the server sent (its SETTINGS late after a slow handshake,
/// PINGs): the next requests go to a new connection, and this one closes once its streams end.
final class APNsHTTP2Connection: ChannelInboundHandler, @unchecked Sendable {
    // @unchecked Sendable: everything but `incoming` (a Mutex) is touched only on `eventLoop`.
    typealias InboundIn = HTTP2Frame
    typealias OutboundOut = HTTP2Frame

    /// A request and the caller waiting for its answer.
    struct Pending: Sendable {
        var request: APNsRequest
        var deadline: NIODeadline
        var continuation: CheckedContinuation<PushHTTP.Answer, any Error>
        /// How many connections handed it back unsent already.
        var handedBack = 0
    }

    /// Why a request failed on the wire; the provider makes it `retry(reason: "transport: …")`.
    struct TransportError: Error, CustomStringConvertible {
        var description: String
    }

    private struct Stream {
        var pending: Pending
        /// When its HEADERS were written.
        var opened: NIODeadline
        var status: Int?
        var retryAfter: String?
        var body: ByteBuffer?
    }

    private struct Incoming {
        var requests: [Pending] = []
        var scheduled = false
        /// Set when the connection takes nothing more: what arrives goes back to the sender.
        var closed = false
    }

    /// The loop the connection's channel runs on.
    let eventLoop: any EventLoop
    private let headers: APNsHTTP2RequestHeaders
    private let streamLimit: Int
    /// Takes back requests this connection will not send (called on any thread).
    private let handBack: @Sendable ([Pending]) -> Void
    /// Told once that this connection takes no new request (GOAWAY, closed, out of stream ids).
    private let retired: @Sendable (APNsHTTP2Connection) -> Void

    private let incoming = Mutex(Incoming())

    // Touched only on `eventLoop`.
    private var context: ChannelHandlerContext?
    /// The server's first SETTINGS arrived: streams may open.
    private var ready = false
    private var goingAway = false
    private var ended = false
    private var lastError: (any Error)?
    private var waiting = CircularBuffer<Pending>()
    private var streams: [HTTP2StreamID: Stream] = [:]
    private var nextStreamID: Int32 = 1
    /// The server's `SETTINGS_MAX_CONCURRENT_STREAMS` (at most `streamLimit`).
    private var maximumStreams: Int
    private var unacknowledgedBytes = 0
    private var needsFlush = false
    private var sweep: RepeatedTask?
    /// When the last frame came from the server.
    private var lastRead = NIODeadline.now()
    /// When the last frame of an answer (a stream's HEADERS or DATA) came from the server.
    private var lastAnswer = NIODeadline.uptimeNanoseconds(0)

    /// How long a connection whose requests time out may stay silent before it is closed (5 s).
    static let silenceLimit = TimeAmount.seconds(5)

    /// Connection window bytes returned at once (a `WINDOW_UPDATE` per 32 KiB of answers read).
    private static let windowUpdateThreshold = 32 * 1024
    /// The highest client stream id (2^31 - 1); a connection near it retires.
    private static let lastStreamID = Int32.max - 2

    /// A connection on `eventLoop` opening at most `streamLimit` streams at once (fewer when the
    /// server says so), with `headers` prepared.
    init(eventLoop: any EventLoop, headers: APNsHTTP2RequestHeaders, streamLimit: Int,
         handBack: @escaping @Sendable ([Pending]) -> Void, retired: @escaping @Sendable (APNsHTTP2Connection) -> Void) {
        self.eventLoop = eventLoop
        self.headers = headers
        self.streamLimit = max(1, streamLimit)
        maximumStreams = min(100, self.streamLimit)
        self.handBack = handBack
        self.retired = retired
    }

    // MARK: Requests, from any thread

    /// Queues `pending`; the first of a batch schedules the loop turn that sends the whole batch.
    func submit(_ pending: Pending) {
        enum Next { case handBack, wait, schedule }
        let next = incoming.withLock { incoming -> Next in
            if incoming.closed { return .handBack }
            incoming.requests.append(pending)
            if incoming.scheduled { return .wait }
            incoming.scheduled = true
            return .schedule
        }
        switch next {
        case .handBack: handBack([pending])
        case .wait: break
        case .schedule: eventLoop.execute { self.takeIncoming() }
        }
    }

    /// Closes the connection (what is in flight fails as a transport error); returns once closed.
    func close() async {
        let closed: EventLoopFuture<Void> = eventLoop.flatSubmit {
            guard let context = self.context, !self.ended else { return self.eventLoop.makeSucceededVoidFuture() }
            context.close(promise: nil)
            return context.channel.closeFuture
        }
        // Closed, or it was already: either way nothing is left open, so how it closed is not asked.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            closed.whenComplete { _ in done.resume() }
        }
    }

    // MARK: Connecting

    /// The connection could not be made: everything waiting fails with `error`.
    func connectFailed(_ error: any Error) {
        eventLoop.assertInEventLoop()
        lastError = error
        end(handingBackWaiting: false)
    }

    // MARK: ChannelHandler

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func channelActive(context: ChannelHandlerContext) {
        sweep = context.eventLoop.scheduleRepeatedTask(initialDelay: .seconds(1), delay: .seconds(1)) { [self] _ in
            expire()
        }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        end(handingBackWaiting: ready)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let streamError = error as? NIOHTTP2Errors.StreamError {
            if let stream = streams.removeValue(forKey: streamError.streamID) {
                stream.pending.continuation.resume(throwing: TransportError(description: "stream error \(streamError.baseError)"))
            }
            return
        }
        lastError = error
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        let id = frame.streamID
        lastRead = .now()
        switch frame.payload {
        case .headers(let block):
            lastAnswer = lastRead
            if streams[id]?.status == nil, let status = block.headers.first(name: ":status").flatMap({ Int($0) }), status >= 200 {
                streams[id]?.status = status
                streams[id]?.retryAfter = block.headers.first(name: "retry-after")
            }
            if block.endStream { finish(id) }
        case .data(let data):
            lastAnswer = lastRead
            returnWindow(data.data.readableBytes + (data.paddingBytes.map { $0 + 1 } ?? 0), context: context)
            if case .byteBuffer(var buffer) = data.data, buffer.readableBytes > 0, let stream = streams[id],
               (stream.body?.readableBytes ?? 0) + buffer.readableBytes <= PushHTTP.maximumAnswerSize {
                if streams[id]?.body == nil {
                    streams[id]?.body = buffer
                } else {
                    streams[id]?.body?.writeBuffer(&buffer)
                }
            }
            if data.endStream { finish(id) }
        case .rstStream(let code):
            if let stream = streams.removeValue(forKey: id) {
                stream.pending.continuation.resume(throwing: TransportError(description: "stream reset by APNs (\(code))"))
            }
        case .settings(.settings(let settings)):
            for setting in settings where setting.parameter == .maxConcurrentStreams {
                maximumStreams = max(1, min(setting.value, streamLimit))
            }
            ready = true
            startStreams()
        case .goAway(let lastStreamID, let code, _):
            goAway(lastStreamID: lastStreamID, code: code)
        default:
            break   // PING, WINDOW_UPDATE, PRIORITY, SETTINGS acks: NIOHTTP2Handler has dealt with them
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        startStreams()
        flushIfNeeded()
        if goingAway, streams.isEmpty { context.close(promise: nil) }
        context.fireChannelReadComplete()
    }

    // MARK: Streams, on the loop

    /// Takes the batch queued since the last turn and sends what the stream limit allows.
    private func takeIncoming() {
        var batch: [Pending] = []
        incoming.withLock { incoming in
            swap(&batch, &incoming.requests)
            incoming.scheduled = false
        }
        guard !batch.isEmpty else { return }
        if goingAway || ended {
            handBack(batch)
            return
        }
        waiting.append(contentsOf: batch)
        startStreams()
        flushIfNeeded()
    }

    /// Opens a stream for each waiting request while the server's limit allows (flushed by the caller).
    private func startStreams() {
        guard ready, !goingAway, !ended, let context else { return }
        let now = NIODeadline.now()
        while streams.count < maximumStreams, let pending = waiting.popFirst() {
            guard pending.deadline > now else {
                pending.continuation.resume(throwing: TransportError(description: "no stream free before the deadline"))
                continue
            }
            let id = HTTP2StreamID(nextStreamID)
            nextStreamID += 2
            streams[id] = Stream(pending: pending, opened: now)
            let block = headers.block(of: pending.request)
            context.write(wrapOutboundOut(HTTP2Frame(streamID: id, payload: .headers(.init(headers: block)))), promise: nil)
            context.write(wrapOutboundOut(HTTP2Frame(streamID: id, payload: .data(.init(data: .byteBuffer(pending.request.body), endStream: true)))),
                          promise: nil)
            needsFlush = true
            if nextStreamID >= Self.lastStreamID {
                retire()   // out of stream ids: new requests go to a fresh connection
                break
            }
        }
    }

    /// The stream's answer is whole: hand it to its caller.
    private func finish(_ id: HTTP2StreamID) {
        guard let stream = streams.removeValue(forKey: id) else { return }
        guard let status = stream.status else {
            stream.pending.continuation.resume(throwing: TransportError(description: "APNs answered without a :status"))
            return
        }
        var headers = HTTPHeaders()
        if let retryAfter = stream.retryAfter { headers.add(name: "retry-after", value: retryAfter) }
        let body = stream.body.map { Data($0.readableBytesView) } ?? Data()
        stream.pending.continuation.resume(returning: PushHTTP.Answer(status: status, headers: headers, body: body))
    }

    /// The server will process nothing above `lastStreamID`: those streams and the requests not
    /// yet sent go back to the sender; the rest are answered, then the connection closes.
    private func goAway(lastStreamID: HTTP2StreamID, code: HTTP2ErrorCode) {
        retire()
        lastError = TransportError(description: "APNs closed the connection (GOAWAY \(code))")
        var unprocessed: [Pending] = []
        for (id, stream) in streams where id > lastStreamID {
            unprocessed.append(stream.pending)
            streams[id] = nil
        }
        unprocessed.append(contentsOf: waiting)
        waiting.removeAll()
        if !unprocessed.isEmpty { handBack(unprocessed) }
    }

    /// Takes no new request from now on: the sender opens another connection for them.
    private func retire() {
        guard !goingAway else { return }
        goingAway = true
        incoming.withLock { $0.closed = true }
        retired(self)
    }

    /// The connection is over: streams in flight fail; waiting requests go back to the sender when
    /// `handingBackWaiting` (the connection had worked), otherwise fail too.
    private func end(handingBackWaiting: Bool) {
        guard !ended else { return }
        retire()
        ended = true
        sweep?.cancel()
        sweep = nil
        let reason = lastError.map { "connection to APNs lost: \($0)" } ?? "connection to APNs closed"
        for stream in streams.values {
            stream.pending.continuation.resume(throwing: TransportError(description: reason))
        }
        streams.removeAll()
        var unsent = Array(waiting)
        waiting.removeAll()
        unsent.append(contentsOf: incoming.withLock { incoming in
            defer { incoming.requests.removeAll() }
            return incoming.requests
        })
        if handingBackWaiting {
            if !unsent.isEmpty { handBack(unsent) }
        } else {
            let failure = TransportError(description: lastError.map { "cannot connect to APNs: \($0)" } ?? reason)
            for pending in unsent { pending.continuation.resume(throwing: failure) }
        }
    }

    /// Fails the requests past their deadline (and resets their streams).
    private func expire() {
        let now = NIODeadline.now()
        let late = streams.filter { $0.value.pending.deadline <= now }
        for (id, stream) in late {
            streams[id] = nil
            context?.write(wrapOutboundOut(HTTP2Frame(streamID: id, payload: .rstStream(.cancel))), promise: nil)
            needsFlush = true
            stream.pending.continuation.resume(throwing: TransportError(description: "no answer from APNs before the deadline"))
        }
        if waiting.contains(where: { $0.deadline <= now }) {
            let all = waiting
            waiting.removeAll()
            for pending in all {
                if pending.deadline <= now {
                    pending.continuation.resume(throwing: TransportError(description: "no stream free before the deadline"))
                } else {
                    waiting.append(pending)
                }
            }
        }
        if !late.isEmpty, now - lastRead >= Self.silenceLimit, !ended {
            lastError = TransportError(description: "no frame from APNs for \((now - lastRead).nanoseconds / 1_000_000_000) s")
            retire()
            context?.close(promise: nil)
            return
        }
        if late.contains(where: { lastAnswer < $0.value.opened }) {
            // No answer on any stream while a request waited out its whole time on the wire: new
            // requests go to a new connection; this one closes once its streams end.
            retire()
        }
        startStreams()
        flushIfNeeded()
        if goingAway, streams.isEmpty, !ended { context?.close(promise: nil) }
    }

    private func flushIfNeeded() {
        guard needsFlush, let context else { return }
        needsFlush = false
        context.flush()
    }

    /// Gives `bytes` of answer bodies read back to the server's connection window, in steps.
    private func returnWindow(_ bytes: Int, context: ChannelHandlerContext) {
        guard bytes > 0 else { return }
        unacknowledgedBytes += bytes
        guard unacknowledgedBytes >= Self.windowUpdateThreshold else { return }
        let update = HTTP2Frame(streamID: .rootStream, payload: .windowUpdate(windowSizeIncrement: unacknowledgedBytes))
        unacknowledgedBytes = 0
        context.write(wrapOutboundOut(update), promise: nil)
        needsFlush = true
    }
}
