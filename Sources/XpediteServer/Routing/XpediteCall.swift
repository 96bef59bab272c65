import Hummingbird
import Logging
import NIOCore

/// One call of a handler: the request, decoded and typed, with the session and device, and the
/// Hummingbird request it came in (headers, the client's address, the request's logger).
///
/// ```swift
/// app.on("viewCustomer") { call in
///     guard let id = call.selected?.stringValue ?? call.parameter("id") else {
///         throw XpediteError.message("No customer selected")
///     }
///     …
/// }
/// ```
public struct XpediteCall: Sendable {
    /// The server function the phone asked for (the request's `method`).
    public let method: String
    /// The request as decoded (strictly) from the wire.
    public let request: RequestPacket
    /// The phone's session (new for `setConnection` and after an expired token).
    public let session: Session
    /// Why the connect handler runs; `nil` for every other handler.
    public let connectReason: ConnectReason?
    /// Rows a table's data request asks for (`offset`, `limit`), defaults and cap applied.
    public let page: PageRequest
    /// A short id of this request, also in every log line about it (Hummingbird's request id
    /// when the request came through a Hummingbird application).
    public let requestID: String
    /// The request context's logger (Hummingbird's, with its `hb.request.id`), carrying
    /// `xpedite.request` and `xpedite.method` too; the configured logger when the request did not
    /// come through Hummingbird.
    ///
    /// The two keys are added when a handler asks for the logger, so a request whose handler
    /// does not log pays nothing for them.
    public var logger: Logger {
        var logger = baseLogger
        logger[metadataKey: "xpedite.request"] = .string(requestID)
        if let methodLabel { logger[metadataKey: "xpedite.method"] = .string(methodLabel) }
        return logger
    }
    /// The logger before the request's keys.
    private let baseLogger: Logger
    /// The method as logged and counted (`_unregistered` for unknown ones).
    private let methodLabel: String?
    /// The HTTP request head (method, path, headers); `nil` when the request did not come
    /// through HTTP (``XpediteEndpoint/respond(to:contentType:requestID:)``).
    public let httpRequest: HTTPRequest?
    /// The client's address, when the router's context records it (``XpediteRequestContext``,
    /// or any Hummingbird `RemoteAddressRequestContext`). Behind a proxy this is the proxy; read
    /// `X-Forwarded-For` from ``headers`` instead.
    public let remoteAddress: SocketAddress?

    init(method: String, request: RequestPacket, session: Session, connectReason: ConnectReason?, page: PageRequest,
         requestID: String, logger: Logger, methodLabel: String?, transport: Transport) {
        self.method = method
        self.request = request
        self.session = session
        self.connectReason = connectReason
        self.page = page
        self.requestID = requestID
        self.baseLogger = logger
        self.methodLabel = methodLabel
        self.httpRequest = transport.head
        self.remoteAddress = transport.remoteAddress
    }

    /// The HTTP request headers; empty when the request did not come through HTTP.
    public var headers: HTTPFields { httpRequest?.headerFields ?? [:] }

    /// What the phone said about itself in `setConnection`.
    public var device: Device { session.device }

    /// The method dict's static `parameters`, merged with the request's unknown top-level keys (old
    /// servers read arguments there); nested values win
    /// (docs/protocol/packets.md#the-request-envelope).
    public var parameters: [String: JSONValue] {
        request.arguments.merging(request.parameters ?? [:]) { _, nested in nested }
    }

    /// The parameter `name` as text: a string as it is, a number or boolean as JSON prints it.
    public func parameter(_ name: String) -> String? {
        switch parameters[name] {
        case .string(let text)?: text
        case .number(let number)?: JSONValue.format(number: number)
        case .bool(let flag)?: flag ? "true" : "false"
        default: nil
        }
    }

    /// The captured input (`formdata`, and the top-level keys for old-dialect servers).
    public var formData: FormData {
        FormData(formdata: request.formdata ?? [:], topLevel: request.arguments)
    }

    /// Decodes form `id` into the app's own type, looking each field up in the order of
    /// docs/protocol/forms.md#the-lookup-order and reading the value formats of
    /// docs/protocol/values.md#input-values.
    ///
    /// - Throws: ``FormError`` naming the first missing or malformed field; thrown on from a
    ///   handler, it becomes the `rc` message the phone shows, and the phone keeps the form.
    public func form<Value: Decodable>(_ type: Value.Type = Value.self, id: String) throws -> Value {
        try formData.decode(type, form: id)
    }

    /// A table row click: the tapped row's value of the `clickRow.selected` field
    /// (docs/protocol/tables.md#row-taps).
    public var selected: JSONValue? { request.selected }

    /// A table row click without `selected`: the 0-based index of the tapped row
    /// (docs/protocol/tables.md#row-taps).
    public var row: Int? { request.row }
}
