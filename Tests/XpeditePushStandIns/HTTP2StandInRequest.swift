import NIOCore
import NIOHPACK

/// One request as an ``HTTP2StandInServer`` hands it to its handler: the stream's header block
/// (pseudo-headers included), its whole body, and the connection it came on.
public struct HTTP2StandInRequest: Sendable {
    /// The header block, names in lowercase as HTTP/2 sends them.
    public var headers: HPACKHeaders
    /// The body, whole.
    public var body: ByteBuffer
    /// The client's address of the connection (`127.0.0.1:53124`): one per TCP connection.
    public var connection: String

    /// A request with `headers`, `body`, on `connection`.
    public init(headers: HPACKHeaders, body: ByteBuffer, connection: String) {
        self.headers = headers
        self.body = body
        self.connection = connection
    }

    /// `:method`.
    public var method: String? { header(":method") }
    /// `:path`, query included.
    public var path: String? { header(":path") }

    /// The first value of header `name` (lowercase).
    public func header(_ name: String) -> String? {
        headers.first(name: name)
    }
}
