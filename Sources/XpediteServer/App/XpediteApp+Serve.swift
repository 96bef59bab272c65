import Hummingbird
import Logging

extension XpediteApp {
    /// A Hummingbird application that serves this app alone: a router (with
    /// ``XpediteRequestContext``) holding the endpoint (and the metrics, when configured), bound
    /// to `host`:`port`, with ``services`` attached and the configured logger.
    ///
    /// - Parameters:
    ///   - host: the address to bind; the loopback address by default, so nothing outside the
    ///     machine can connect until you choose otherwise.
    ///   - port: the TCP port; `0` picks a free one.
    ///   - onServerRunning: called with the bound port once the server accepts connections.
    /// - Throws: the first ``XpediteSetupError`` recorded while registering.
    public func makeApplication(
        host: String = "127.0.0.1", port: Int = 8080,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws(XpediteSetupError) -> some ApplicationProtocol {
        let router = Router(context: XpediteRequestContext.self)
        try mount(on: router)
        return Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            services: services,
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: configuration.logger)
    }

    /// Serves this app until SIGINT or SIGTERM, then shuts down gracefully: the server stops
    /// accepting connections, requests in flight finish, the purge service stops
    /// (swift-service-lifecycle).
    public func run(host: String = "127.0.0.1", port: Int = 8080,
                    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await makeApplication(host: host, port: port, onServerRunning: onServerRunning).runService()
    }
}
