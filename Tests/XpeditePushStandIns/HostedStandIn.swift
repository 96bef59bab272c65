/// What a stand-in listens with: started, stopped gracefully and restarted on the same port
/// (``StandInServer`` for FCM and Web Push, ``HTTP2StandInServer`` for APNs).
public protocol StandInListener: Sendable {
    /// Starts listening on 127.0.0.1; returns once connections are accepted.
    func start() async throws
    /// Stops gracefully (requests in flight are answered).
    func stop() async throws
    /// Stops and starts again on the same port.
    func restart() async throws
    /// The port (0 before the first start when none was given).
    var port: Int { get }
}

/// A stand-in served by a ``StandInListener``: starting, stopping and addressing it are the same
/// for APNs, FCM and Web Push.
public protocol HostedStandIn: Sendable {
    /// The server it answers on.
    var standInServer: (any StandInListener)? { get }
}

extension HostedStandIn {
    /// Starts listening on 127.0.0.1.
    public func start() async throws { try await standInServer?.start() }
    /// Stops gracefully (requests in flight are answered).
    public func stop() async throws { try await standInServer?.stop() }
    /// Stops and starts again on the same port.
    public func restart() async throws { try await standInServer?.restart() }
    /// The port.
    public var port: Int { standInServer?.port ?? 0 }
    /// `https://127.0.0.1:<port>`: the service's base URL for a provider.
    public var baseURL: String { "https://127.0.0.1:\(port)" }
}
