import XpediteProtocol

/// The page-cache key of a request (docs/protocol/caching.md#the-page-cache): the `method` plus the
/// canonical JSON of its `parameters`. Requests that submit data (`formdata`, `selected`, a row
/// index) have none: their answers are never cached and never served from the cache
/// (docs/protocol/caching.md#offline-fallback).
struct PageKey: Sendable, Hashable {
    var text: String

    init?(_ request: RequestPacket) {
        guard request.formdata == nil, request.selected == nil, request.row == nil else { return nil }
        let parameters = request.parameters.map { CanonicalJSON.string(.object(JSONObject($0))) } ?? "{}"
        text = request.method + " " + parameters
    }
}
