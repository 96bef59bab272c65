import NIOCore
import NIOHPACK
import NIOHTTP2
import NIOPosix
import NIOSSL
import Synchronization
import XpeditePushStandIns

/// An HTTP/2 server over TLS (the test CA's certificate, on 127.0.0.1) for what the APNs stand-in
/// cannot do: end its first connection as a ``Script`` says (drop it mid-batch, send `GOAWAY`
/// naming the first stream only), advertise a small `SETTINGS_MAX_CONCURRENT_STREAMS`, and count
/// the streams open at once. It answers 200 (no body, `apns-id` echoed) to every request it
/// answers, all the requests of one read together at the end of the read, so that the streams a
/// client sends together are open together.
final class ScriptedHTTP2Server: Sendable {
    /// What the first connection does; later connections answer everything.
    enum Script: Sendable {
        /// Answers everything.
        case answerAll
        /// Answers this many requests, then closes the connection without a word (a lost connection).
        case drop(afterAnswering: Int)
        /// Answers nothing, and stays open (a connection dead without a word).
        case silent
        /// Answers nothing, but sends a PING every 200 ms: alive, never silent, and never answering
        /// (a server stuck behind its connection's frame handling).
        case pingingButNotAnswering
        /// On its first whole request, sends `GOAWAY` naming stream 1 as the last one processed,
        /// answers stream 1, and leaves every later stream unanswered.
        case goAwayAfterFirstRequest
    }

    private struct State {
        var listener: (any Channel)?
        var connections = 0
        /// Requests answered, by connection (in the order connections were opened).
        var answered: [Int] = []
        /// The most streams seen open at once on one connection.
        var mostOpen = 0
    }

    private let script: Script
    private let maximumConcurrentStreams: Int
    private let state = Mutex(State())

    /// A server whose first connection follows `script`, advertising `maximumConcurrentStreams`.
    init(script: Script, maximumConcurrentStreams: Int = 1000) {
        self.script = script
        self.maximumConcurrentStreams = maximumConcurrentStreams
    }

    /// `https://127.0.0.1:<port>` once started.
    var baseURL: String {
        let port = state.withLock { $0.listener?.localAddress?.port } ?? 0
        return "https://127.0.0.1:\(port)"
    }

    /// Requests answered by connection, in the order the connections were opened.
    var answered: [Int] { state.withLock { $0.answered } }
    /// The most streams seen open at once on one connection.
    var mostOpen: Int { state.withLock { $0.mostOpen } }

    /// Starts listening on a free port.
    func start() async throws {
        var tls = try StandInTLS.serverConfiguration()
        tls.applicationProtocols = ["h2"]
        let context = try NIOSSLContext(configuration: tls)
        let settings = [HTTP2Setting(parameter: .maxConcurrentStreams, value: maximumConcurrentStreams)]
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { [self] channel in
                let index = state.withLock { state -> Int in
                    state.connections += 1
                    state.answered.append(0)
                    return state.connections - 1
                }
                let script = index == 0 ? script : .answerAll
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers([
                        NIOSSLServerHandler(context: context),
                        NIOHTTP2Handler(mode: .server, initialSettings: settings),
                        Handler(script: script, server: self, connection: index),
                    ])
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        state.withLock { $0.listener = listener }
    }

    /// Stops listening and closes open connections.
    func stop() async throws {
        let listener = state.withLock { state -> (any Channel)? in
            defer { state.listener = nil }
            return state.listener
        }
        try await listener?.close()
    }

    fileprivate func record(answered count: Int, on connection: Int, open: Int) {
        state.withLock { state in
            state.answered[connection] += count
            state.mostOpen = max(state.mostOpen, open)
        }
    }

    /// One connection's frames.
    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = HTTP2Frame
        typealias OutboundOut = HTTP2Frame

        private let script: Script
        private let server: ScriptedHTTP2Server
        private let connection: Int
        private var open: [HTTP2StreamID: HPACKHeaders] = [:]
        private var complete: [(HTTP2StreamID, HPACKHeaders)] = []
        private var answeredCount = 0
        private var lastStreamID: HTTP2StreamID?
        private var unacknowledged = 0

        private var pings: RepeatedTask?
        private var pingsSent: UInt64 = 0

        init(script: Script, server: ScriptedHTTP2Server, connection: Int) {
            self.script = script
            self.server = server
            self.connection = connection
        }

        func channelActive(context: ChannelHandlerContext) {
            if case .pingingButNotAnswering = script {
                let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
                let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
                pings = context.eventLoop.scheduleRepeatedTask(initialDelay: .milliseconds(200), delay: .milliseconds(200)) { _ in
                    handler.value.ping(bound.value)
                }
            }
            context.fireChannelActive()
        }

        private func ping(_ context: ChannelHandlerContext) {
            pingsSent += 1
            let ping = HTTP2Frame(streamID: .rootStream, payload: .ping(HTTP2PingData(withInteger: pingsSent), ack: false))
            context.writeAndFlush(wrapOutboundOut(ping), promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            pings?.cancel()
            pings = nil
            context.fireChannelInactive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let frame = unwrapInboundIn(data)
            switch frame.payload {
            case .headers(let block):
                open[frame.streamID] = block.headers
                if block.endStream { completed(frame.streamID) }
            case .data(let body):
                unacknowledged += body.data.readableBytes
                if body.endStream { completed(frame.streamID) }
            default:
                break
            }
        }

        func channelReadComplete(context: ChannelHandlerContext) {
            let openNow = open.count + complete.count
            var answered = 0
            for (id, headers) in complete {
                if let lastStreamID, id > lastStreamID { continue }   // after GOAWAY: left unanswered
                switch script {
                case .answerAll:
                    break
                case .silent, .pingingButNotAnswering:
                    continue
                case .drop(let limit):
                    if answeredCount >= limit {
                        server.record(answered: answered, on: connection, open: openNow)
                        context.flush()   // the answers written so far leave; the rest are lost with the connection
                        context.close(promise: nil)
                        return
                    }
                case .goAwayAfterFirstRequest:
                    if lastStreamID == nil {
                        // Stream 1, not the first whole request: NIOHTTP2 sends DATA frames in no set order.
                        let first = HTTP2StreamID(1)
                        lastStreamID = first
                        let goAway = HTTP2Frame(streamID: .rootStream, payload: .goAway(lastStreamID: first, errorCode: .noError, opaqueData: nil))
                        context.write(wrapOutboundOut(goAway), promise: nil)
                        if id > first { continue }
                    }
                }
                var answer: HPACKHeaders = [":status": "200"]
                if let apnsId = headers.first(name: "apns-id") { answer.add(name: "apns-id", value: apnsId) }
                context.write(wrapOutboundOut(HTTP2Frame(streamID: id, payload: .headers(.init(headers: answer, endStream: true)))),
                              promise: nil)
                answeredCount += 1
                answered += 1
            }
            complete.removeAll()
            if unacknowledged >= 16 * 1024 {
                context.write(wrapOutboundOut(HTTP2Frame(streamID: .rootStream, payload: .windowUpdate(windowSizeIncrement: unacknowledged))),
                              promise: nil)
                unacknowledged = 0
            }
            server.record(answered: answered, on: connection, open: openNow)
            context.flush()
            context.fireChannelReadComplete()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            if error is NIOHTTP2Errors.StreamError { return }   // NIOHTTP2Handler has reset the stream
            context.close(promise: nil)
        }

        private func completed(_ id: HTTP2StreamID) {
            guard let headers = open.removeValue(forKey: id) else { return }
            complete.append((id, headers))
        }
    }
}
