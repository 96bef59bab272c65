/// A stand-in served by a ``StandInServer``: starting, stopping and addressing it are the same
/// for APNs, FCM and Web Push.
public protocol HostedStandIn: Sendable {
    /// The server it answers on.
    var standInServer: StandInServer? { get }
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
