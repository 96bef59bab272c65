import NIOHPACK

/// The header block of an APNs push on HTTP/2, prepared once per sender: the pseudo-headers
/// (`:method POST`, `:scheme https`, `:authority`) and the headers every push carries alike
/// (`apns-topic`, `content-type`) are built at start; a push adds its `:path`, `apns-push-type`
/// and `apns-priority` (`alert`/`10`, or `background`/`5` for a withdrawal), the shared
/// `authorization` value, `apns-expiration`, `apns-id`, `apns-collapse-id` and `content-length`.
///
/// HPACK's dynamic table does the rest: the common headers and the provider token are indexed,
/// so after a connection's first push each is one or two bytes on the wire; `:path`, `apns-id`
/// and `apns-collapse-id`, different for every push or message, are sent without indexing so that they never push the
/// shared entries out of the table.
struct APNsHTTP2RequestHeaders: Sendable {
    private let pseudo: HPACKHeaders
    private let common: HPACKHeaders
    /// `{base path}/3/device/`.
    private let pathPrefix: String

    /// The headers of pushes to `authority` (`host` or `host:port`) under `basePath` (`""` for
    /// Apple's hosts), for `topic`.
    init(authority: String, basePath: String, topic: String) {
        pseudo = [":method": "POST", ":scheme": "https", ":authority": authority]
        common = ["apns-topic": topic, "content-type": "application/json"]
        pathPrefix = basePath + "/3/device/"
    }

    /// The header block of `request`.
    func block(of request: APNsRequest) -> HPACKHeaders {
        var headers = pseudo
        headers.reserveCapacity(pseudo.count + common.count + 8)
        headers.add(name: ":path", value: pathPrefix + request.devicePathSegment, indexing: .nonIndexable)
        headers.add(contentsOf: common)
        headers.add(name: "apns-push-type", value: request.background ? "background" : "alert")
        headers.add(name: "apns-priority", value: request.background ? "5" : "10")
        headers.add(name: "authorization", value: request.authorization)
        headers.add(name: "apns-expiration", value: request.expiration)
        headers.add(name: "apns-id", value: request.apnsId, indexing: .nonIndexable)
        headers.add(name: "apns-collapse-id", value: request.collapseId, indexing: .nonIndexable)
        headers.add(name: "content-length", value: String(request.body.readableBytes))
        return headers
    }
}
