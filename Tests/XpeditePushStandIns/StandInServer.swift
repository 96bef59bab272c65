import Foundation
import Hummingbird
import HummingbirdHTTP2
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// A Hummingbird server over TLS with HTTP/2 (ALPN `h2`, HTTP/1.1 otherwise) on 127.0.0.1, that
/// answers every request with one closure; started, stopped gracefully and restarted on the same
/// port. What the APNs and FCM stand-ins run on.
public final class StandInServer: StandInListener {
    /// Answers one request.
    public typealias Handler = @Sendable (Request, StandInRequestContext) async throws -> Response

    /// Why the server could not start.
    public struct StartFailure: Error, CustomStringConvertible {
        /// A readable reason.
        public var description: String
    }

    private struct Running: Sendable {
        var group: ServiceGroup
        var task: Task<Void, any Error>
    }

    private let handler: Handler
    private let name: String
    private let state: Mutex<(port: Int, running: Running?)>
    /// Set while stopping: requests still arriving on open connections get 503, as a push service
    /// shutting down answers, so no push is accepted whose answer the hard close could lose.
    private let stopping = Mutex(false)

    /// A server answering with `handler`, on `port` (0: a free port chosen at the first start).
    public init(name: String, port: Int = 0, handler: @escaping Handler) {
        self.name = name
        self.handler = handler
        state = Mutex((port, nil))
    }

    /// The port (0 before the first start when none was given).
    public var port: Int { state.withLock { $0.port } }

    /// `https://127.0.0.1:<port>`.
    public var baseURL: String { "https://127.0.0.1:\(port)" }

    /// Starts listening; returns once connections are accepted. Does nothing when it is running.
    public func start() async throws {
        guard state.withLock({ $0.running == nil }) else { return }
        stopping.withLock { $0 = false }
        let handler = handler
        var logger = Logger(label: name)
        logger.logLevel = .error
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            responder: CallbackResponder<StandInRequestContext> { [weak self] request, context in
                if self?.stopping.withLock({ $0 }) ?? true { return StandInHTTP.empty(503) }
                return try await handler(request, context)
            },
            server: try .http2Upgrade(tlsConfiguration: StandInTLS.serverConfiguration()),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: name),
            onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let task = Task {
            defer { portContinuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next(), bound != 0 else {
            try await task.value
            throw StartFailure(description: "\(name) did not start listening")
        }
        state.withLock { $0 = (bound, Running(group: group, task: task)) }
    }

    /// Stops gracefully: no new connections; requests in flight are answered first. A client may
    /// keep an HTTP/2 connection open after the server's GOAWAY, so after a grace of 5 s the server
    /// is closed hard, as a killed process would be: a stop never hangs.
    public func stop() async throws {
        guard let running = state.withLock({ state -> Running? in
            defer { state.running = nil }
            return state.running
        }) else { return }
        stopping.withLock { $0 = true }
        await running.group.triggerGracefulShutdown()
        let task = running.task
        let watchdog = Task {
            try await Task.sleep(for: .seconds(5))
            task.cancel()
        }
        let result = await task.result
        watchdog.cancel()
        switch result {
        case .success, .failure(is CancellationError):
            return
        case .failure(let error):
            throw error
        }
    }

    /// Stops gracefully and starts again on the same port.
    public func restart() async throws {
        try await stop()
        try await start()
    }
}
