import NIOCore
import NIOHTTP2
import NIOPosix
import NIOSSL
import Synchronization

/// A lean HTTP/2 server over TLS on 127.0.0.1, on plain swift-nio-http2: what the APNs stand-in
/// runs on (decision 310). ALPN offers `h2` only, as Apple's APNs does. A connection's frames are
/// read on its own channel, and a stream's request is answered by a synchronous ``Handler`` the
/// moment its last frame arrives, answers written together at the end of each read: no channel,
/// task or async sequence per stream, so the stand-in costs about what a push service looks like
/// from outside, and a benchmark measures the sender, not the stand-in's server.
///
/// It stops gracefully: no new connections, `GOAWAY` on each open one (streams it already began
/// are still answered, with 503 as a service shutting down answers), then it waits for the client
/// to close, at most 5 s before closing hard, as a killed process would. It restarts on the same port.
public final class HTTP2StandInServer: StandInListener {
    /// Answers one request; runs on the connection's event loop, so it must not block.
    public typealias Handler = @Sendable (HTTP2StandInRequest) -> HTTP2StandInAnswer

    /// Why the server could not start.
    public struct StartFailure: Error, CustomStringConvertible {
        /// A readable reason.
        public var description: String
    }

    private struct State {
        var port: Int
        var listener: (any Channel)?
        var connections: [ObjectIdentifier: any Channel] = [:]
    }

    private let handler: Handler
    private let maximumConcurrentStreams: Int
    private let state: Mutex<State>
    /// Set while stopping: requests still arriving on open connections get 503.
    private let stopping = Atomic(false)

    /// A server answering with `handler`, on `port` (0: a free port chosen at the first start),
    /// advertising `maximumConcurrentStreams` (`SETTINGS_MAX_CONCURRENT_STREAMS`, 1000 as Apple's).
    public init(port: Int = 0, maximumConcurrentStreams: Int = 1000, handler: @escaping Handler) {
        self.handler = handler
        self.maximumConcurrentStreams = maximumConcurrentStreams
        state = Mutex(State(port: port))
    }

    /// The port (0 before the first start when none was given).
    public var port: Int { state.withLock { $0.port } }

    /// Starts listening; returns once connections are accepted. Does nothing when it is running.
    public func start() async throws {
        guard state.withLock({ $0.listener == nil }) else { return }
        stopping.store(false, ordering: .relaxed)
        var tls = try StandInTLS.serverConfiguration()
        tls.applicationProtocols = ["h2"]
        let context = try NIOSSLContext(configuration: tls)
        let settings = [
            HTTP2Setting(parameter: .maxConcurrentStreams, value: maximumConcurrentStreams),
            HTTP2Setting(parameter: .maxHeaderListSize, value: 16 * 1024),
        ]
        let answer: Handler = { [weak self, handler] request in
            (self?.stopping.load(ordering: .relaxed) ?? true) ? HTTP2StandInAnswer(status: 503) : handler(request)
        }
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { [weak self] channel in
                self?.opened(channel)
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers([
                        NIOSSLServerHandler(context: context),
                        NIOHTTP2Handler(mode: .server, initialSettings: settings),
                        HTTP2StandInHandler(connection: Self.name(of: channel), answer: answer),
                    ])
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
        guard let bound = listener.localAddress?.port, bound != 0 else {
            try await listener.close()
            throw StartFailure(description: "the HTTP/2 stand-in did not start listening")
        }
        state.withLock { state in
            state.port = bound
            state.listener = listener
        }
    }

    /// Stops gracefully: no new connections, `GOAWAY` on open ones, then waits for their clients to
    /// close them, at most 5 s, before closing them hard. A stop never hangs.
    public func stop() async throws {
        let (listener, connections) = state.withLock { state -> ((any Channel)?, [any Channel]) in
            defer { state.listener = nil }
            return (state.listener, Array(state.connections.values))
        }
        guard let listener else { return }
        stopping.store(true, ordering: .relaxed)
        try await listener.close()
        for connection in connections {
            connection.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        }
        for connection in connections {
            let deadline = connection.eventLoop.scheduleTask(in: .seconds(5)) { connection.close(promise: nil) }
            // Closed by the client, or by the deadline: either is the end, so how it ended is not asked.
            await withCheckedContinuation { (closed: CheckedContinuation<Void, Never>) in
                connection.closeFuture.whenComplete { _ in closed.resume() }
            }
            deadline.cancel()
        }
    }

    /// Stops gracefully and starts again on the same port.
    public func restart() async throws {
        try await stop()
        try await start()
    }

    private func opened(_ channel: any Channel) {
        let key = ObjectIdentifier(channel)
        state.withLock { $0.connections[key] = channel }
        channel.closeFuture.whenComplete { [weak self] _ in
            self?.state.withLock { _ = $0.connections.removeValue(forKey: key) }
        }
    }

    /// `127.0.0.1:53124`: the client's address of the connection.
    private static func name(of channel: any Channel) -> String {
        channel.remoteAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "?"
    }
}
