import Hummingbird
import NIOCore

/// The request context of the stand-ins: which connection a request came on, and whether it was
/// an HTTP/2 stream, so tests can count connections and streams.
public struct StandInRequestContext: RequestContext {
    /// Hummingbird's own part of the context.
    public var coreContext: CoreRequestContextStorage
    /// The client's address of the connection (`127.0.0.1:53124`): one per TCP connection.
    public let connection: String
    /// Whether the request came as an HTTP/2 stream (a child channel of the connection).
    public let isHTTP2: Bool

    /// A context for a request on `source`'s channel.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        let parent = source.channel.parent
        isHTTP2 = parent != nil
        connection = (parent ?? source.channel).remoteAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "?"
    }
}
