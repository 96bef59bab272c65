import NIOCore
import NIOHPACK
import NIOHTTP2

/// The frames of one HTTP/2 connection of an ``HTTP2StandInServer``: it gathers each stream's
/// header block and body, answers the request when the stream's last frame arrives, flushes the
/// answers once per read, and returns the connection's flow-control window as bodies are read
/// (streams' own windows are never used up: a request is at most a few KiB). On
/// `ChannelShouldQuiesceEvent` it sends `GOAWAY` naming the last stream it began; streams the
/// client opens after that are not answered.
final class HTTP2StandInHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame
    typealias OutboundOut = HTTP2Frame

    /// The largest body taken; a larger one is answered 413 without being kept.
    private static let maximumBody = 1 << 20
    /// Connection window bytes returned at once (a `WINDOW_UPDATE` per 32 KiB read).
    private static let windowUpdateThreshold = 32 * 1024

    private struct Stream {
        var headers: HPACKHeaders
        var body: ByteBuffer?
        var tooLarge = false
    }

    private let connection: String
    private let answer: HTTP2StandInServer.Handler
    private var streams: [HTTP2StreamID: Stream] = [:]
    private var lastStreamID: HTTP2StreamID = .rootStream
    private var goingAway = false
    private var unacknowledgedBytes = 0
    private var needsFlush = false

    init(connection: String, answer: @escaping HTTP2StandInServer.Handler) {
        self.connection = connection
        self.answer = answer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        let id = frame.streamID
        switch frame.payload {
        case .headers(let headers):
            if streams[id] == nil {
                // A new stream (trailers of a known one add nothing the stand-ins read).
                guard !goingAway || id <= lastStreamID else { return }
                streams[id] = Stream(headers: headers.headers)
                if id > lastStreamID { lastStreamID = id }
            }
            if headers.endStream { finish(id, context: context) }
        case .data(let data):
            returnWindow(data.data.readableBytes + (data.paddingBytes.map { $0 + 1 } ?? 0), context: context)
            guard var stream = streams[id] else { return }
            if case .byteBuffer(var buffer) = data.data, !stream.tooLarge {
                if (stream.body?.readableBytes ?? 0) + buffer.readableBytes > Self.maximumBody {
                    stream.tooLarge = true
                    stream.body = nil
                } else if stream.body == nil {
                    stream.body = buffer
                } else {
                    stream.body?.writeBuffer(&buffer)
                }
            }
            streams[id] = stream
            if data.endStream { finish(id, context: context) }
        case .rstStream:
            streams[id] = nil
        default:
            break   // SETTINGS, PING, WINDOW_UPDATE, GOAWAY: NIOHTTP2Handler has dealt with them
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if needsFlush {
            needsFlush = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ChannelShouldQuiesceEvent else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        guard !goingAway else { return }
        goingAway = true
        let goAway = HTTP2Frame(streamID: .rootStream, payload: .goAway(lastStreamID: lastStreamID, errorCode: .noError, opaqueData: nil))
        context.writeAndFlush(wrapOutboundOut(goAway), promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A stream's error (a malformed header block, say) ends that stream; NIOHTTP2Handler has
        // reset it. Anything else ends the connection, as a push service does.
        if let streamError = error as? NIOHTTP2Errors.StreamError {
            streams[streamError.streamID] = nil
            return
        }
        context.close(promise: nil)
    }

    /// The stream's request is whole: answer it.
    private func finish(_ id: HTTP2StreamID, context: ChannelHandlerContext) {
        guard let stream = streams.removeValue(forKey: id) else { return }
        let reply: HTTP2StandInAnswer
        if stream.tooLarge {
            reply = HTTP2StandInAnswer(status: 413)
        } else {
            let request = HTTP2StandInRequest(headers: stream.headers, body: stream.body ?? ByteBuffer(), connection: connection)
            reply = answer(request)
        }
        var headers = HPACKHeaders()
        headers.reserveCapacity(reply.headers.count + 2)
        headers.add(name: ":status", value: String(reply.status))
        for (name, value) in reply.headers { headers.add(name: name, value: value) }
        if let body = reply.body {
            headers.add(name: "content-length", value: String(body.readableBytes))
            context.write(wrapOutboundOut(HTTP2Frame(streamID: id, payload: .headers(.init(headers: headers)))), promise: nil)
            context.write(wrapOutboundOut(HTTP2Frame(streamID: id, payload: .data(.init(data: .byteBuffer(body), endStream: true))))
                          , promise: nil)
        } else {
            context.write(wrapOutboundOut(HTTP2Frame(streamID: id, payload: .headers(.init(headers: headers, endStream: true)))),
                          promise: nil)
        }
        needsFlush = true
    }

    /// Gives `bytes` of body read back to the client's connection window, in steps.
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
