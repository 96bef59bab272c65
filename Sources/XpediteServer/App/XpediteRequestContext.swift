import Hummingbird
import NIOCore

/// A Hummingbird request context that records the client's address, so handlers see it as
/// ``XpediteCall/remoteAddress``. Use it for the router the app is mounted on:
///
/// ```swift
/// let router = Router(context: XpediteRequestContext.self)
/// try app.mount(on: router)
/// ```
///
/// Any other context works too; the address is known when the context conforms to
/// Hummingbird's `RemoteAddressRequestContext`.
public struct XpediteRequestContext: RequestContext, RemoteAddressRequestContext, Sendable {
    /// Hummingbird's own storage: the logger, the endpoint path, the route parameters.
    public var coreContext: CoreRequestContextStorage
    /// The address of the connected client, when the channel knows it.
    public let remoteAddress: SocketAddress?

    /// Creates the context of a request arriving on `source.channel`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
