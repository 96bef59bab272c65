import Hummingbird
import Logging
import NIOCore

/// What the endpoint knows about how a request arrived, handed to every ``XpediteCall``.
struct Transport: Sendable {
    /// The HTTP request head; `nil` without HTTP.
    var head: HTTPRequest?
    /// The client's address, when the request context records it.
    var remoteAddress: SocketAddress?
    /// The request context's logger; `nil` without Hummingbird (the configured logger is used).
    var logger: Logger?

    /// A request that did not come through HTTP.
    static let none = Transport()

    /// The transport of a Hummingbird request.
    init(request: Request, context: some RequestContext) {
        head = request.head
        remoteAddress = (context as? any RemoteAddressRequestContext)?.remoteAddress
        logger = context.logger
    }

    private init() {}
}
