import NIOCore

/// What an ``HTTP2StandInServer``'s handler answers a request: a status, headers (lowercase
/// names) and a body, if any.
public struct HTTP2StandInAnswer: Sendable {
    /// The HTTP status.
    public var status: Int
    /// Headers besides `:status` and `content-length`.
    public var headers: [(name: String, value: String)]
    /// The body; `nil` for none (the header block then ends the stream).
    public var body: ByteBuffer?

    /// An answer with `status`, `headers` and `body`.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: ByteBuffer? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
