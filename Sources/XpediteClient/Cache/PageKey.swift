import XpediteProtocol

/// The page-cache key of a request (PROTOCOL.md §7.1): the `method` plus the canonical JSON of
/// its `parameters`. Requests that submit data (`formdata`, `selected`, a row index) have none:
/// their answers are never cached and never served from the cache (§7.2).
struct PageKey: Sendable, Hashable {
    var text: String

    init?(_ request: RequestPacket) {
        guard request.formdata == nil, request.selected == nil, request.row == nil else { return nil }
        let parameters = request.parameters.map { CanonicalJSON.string(.object(JSONObject($0))) } ?? "{}"
        text = request.method + " " + parameters
    }
}
