import Foundation
import NIOCore
import NIOHTTP2
import NIOPosix
import NIOSSL
import Synchronization
import XpediteNotify

/// The APNs sender written on swift-nio-http2 (``APNsSenderKind/http2``, decision 0400): a few
/// long-lived HTTP/2 connections over TLS to the APNs host (``connections``, 2 by default, each on
/// its own event loop of the group when there are enough), many concurrent streams on each (as
/// many as the server's `SETTINGS_MAX_CONCURRENT_STREAMS` allows, 1000 at Apple), requests handed
/// out to the connections in turn. See ``APNsHTTP2Connection`` for what one connection does.
///
/// A connection is opened at the first request that needs it and replaced when it ends
/// (`GOAWAY`, loss, out of stream ids); a request a connection hands back unsent goes to another
/// connection, at most twice, then fails as a transport error.
final class APNsHTTP2Sender: APNsSender {
    let connections: Int
    private let host: String
    private let port: Int
    private let serverHostname: String?
    private let headers: APNsHTTP2RequestHeaders
    private let sslContext: NIOSSLContext
    /// The event loops of the connections, in turn (connection `i` on loop `i` modulo their number).
    private let loops: [any EventLoop]
    private let timeout: Duration
    private let streamLimit: Int
    private let slots: Mutex<[APNsHTTP2Connection?]>
    private let turn = Atomic<UInt>(0)
    private let isShutDown = Atomic(false)

    /// How many times an unsent request may be handed back before it fails.
    private static let handBackLimit = 2

    /// A sender to `baseURL` (`https://host[:port][/path]`) for `topic`, trusting what `tls`
    /// trusts, over at most `connections` connections on `group`, with at most
    /// `streamsPerConnection` streams open on each and `timeout` for each request, answer included.
    ///
    /// - Throws: ``PushConfigurationError/invalidURL(name:value:)`` for a URL without a host,
    ///   or NIOSSL's error when the TLS context cannot be made.
    init(baseURL: String, topic: String, tls: TLSConfiguration, group: any EventLoopGroup, connections: Int = 2,
         streamsPerConnection: Int = 1000, timeout: Duration) throws {
        guard let url = URLComponents(string: baseURL), url.scheme?.lowercased() == "https", let host = url.host, !host.isEmpty
        else {
            throw PushConfigurationError.invalidURL(name: "the APNs URL (https only for the HTTP/2 sender)", value: baseURL)
        }
        self.host = host
        port = url.port ?? 443
        serverHostname = Self.isIPAddress(host) ? nil : host
        let basePath = url.path.hasSuffix("/") ? String(url.path.dropLast()) : url.path
        headers = APNsHTTP2RequestHeaders(authority: port == 443 ? host : "\(host):\(port)", basePath: basePath, topic: topic)
        var tls = tls
        tls.applicationProtocols = ["h2"]
        sslContext = try NIOSSLContext(configuration: tls)
        self.connections = max(1, connections)
        let all = Array(group.makeIterator())
        loops = all.isEmpty ? [group.next()] : Array(all.prefix(self.connections))
        self.timeout = timeout
        streamLimit = max(1, streamsPerConnection)
        slots = Mutex(Array(repeating: nil, count: self.connections))
    }

    func send(_ request: APNsRequest) async throws -> PushHTTP.Answer {
        let deadline = NIODeadline.now() + PushHTTP.timeAmount(timeout)
        return try await withCheckedThrowingContinuation { continuation in
            submit(APNsHTTP2Connection.Pending(request: request, deadline: deadline, continuation: continuation))
        }
    }

    func shutdown() async {
        isShutDown.store(true, ordering: .relaxed)
        let open = slots.withLock { slots -> [APNsHTTP2Connection] in
            defer { slots = Array(repeating: nil, count: slots.count) }
            return slots.compactMap { $0 }
        }
        for connection in open { await connection.close() }
    }

    /// Hands `pending` to the next connection in turn, opening it when there is none.
    private func submit(_ pending: APNsHTTP2Connection.Pending) {
        guard !isShutDown.load(ordering: .relaxed) else {
            pending.continuation.resume(throwing: APNsHTTP2Connection.TransportError(description: "the APNs sender is shut down"))
            return
        }
        let index = Int(turn.wrappingAdd(1, ordering: .relaxed).oldValue % UInt(connections))
        let (connection, isNew) = slots.withLock { slots -> (APNsHTTP2Connection, Bool) in
            if let open = slots[index] { return (open, false) }
            let made = makeConnection(on: loops[index % loops.count])
            slots[index] = made
            return (made, true)
        }
        if isNew { connect(connection) }
        connection.submit(pending)
    }

    private func makeConnection(on eventLoop: any EventLoop) -> APNsHTTP2Connection {
        APNsHTTP2Connection(eventLoop: eventLoop, headers: headers, streamLimit: streamLimit,
                            handBack: { [weak self] unsent in
                                guard let self else { return Self.fail(unsent) }
                                self.handBack(unsent)
                            },
                            retired: { [weak self] connection in self?.retire(connection) })
    }

    private func connect(_ connection: APNsHTTP2Connection) {
        let sslContext = sslContext
        let serverHostname = serverHostname
        let settings = [
            HTTP2Setting(parameter: .enablePush, value: 0),
            HTTP2Setting(parameter: .maxHeaderListSize, value: 16 * 1024),
        ]
        ClientBootstrap(group: connection.eventLoop)
            .connectTimeout(PushHTTP.timeAmount(timeout))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let tls = try NIOSSLClientHandler(context: sslContext, serverHostname: serverHostname)
                    try channel.pipeline.syncOperations.addHandlers([
                        tls, NIOHTTP2Handler(mode: .client, initialSettings: settings), connection,
                    ])
                }
            }
            .connect(host: host, port: port)
            .whenFailure { error in connection.connectFailed(error) }
    }

    /// Requests a connection gave back unsent: to another connection, or failed after too many tries.
    private func handBack(_ unsent: [APNsHTTP2Connection.Pending]) {
        for var pending in unsent {
            pending.handedBack += 1
            if pending.handedBack > Self.handBackLimit {
                Self.fail([pending])
            } else {
                submit(pending)
            }
        }
    }

    private static func fail(_ unsent: [APNsHTTP2Connection.Pending]) {
        for pending in unsent {
            pending.continuation.resume(throwing: APNsHTTP2Connection.TransportError(description: "no APNs connection took the request"))
        }
    }

    /// Forgets `connection`: the next request of its slot opens a new one.
    private func retire(_ connection: APNsHTTP2Connection) {
        slots.withLock { slots in
            for index in slots.indices where slots[index] === connection { slots[index] = nil }
        }
    }

    /// Whether `host` is an IPv4 or IPv6 address (TLS sends no server name for those).
    private static func isIPAddress(_ host: String) -> Bool {
        do {
            _ = try SocketAddress(ipAddress: host, port: 0)
            return true
        } catch {
            return false   // not an address: a host name, sent as the TLS server name
        }
    }
}
