import Foundation

/// The page's URL of an image a screen shows: `{base}/tab/{tab}/image?id=…&url=…`, answered from
/// that tab's engine (its image cache, or its loader), never loaded by the browser from the app's
/// server itself. `id` is the component's image id (a manifest id,
/// docs/protocol/packets.md#images), `url` its `url` or old-dialect `name`; both are
/// percent-encoded.
struct ImageRoute: Sendable, Hashable {
    /// `{base}/tab/{tab}/image`.
    var path: String

    init(basePath: String, tab: String) {
        path = "\(basePath)/tab/\(tab)/image"
    }

    func url(id: String?, url: String?) -> String {
        var query: [String] = []
        if let id { query.append("id=" + Self.encode(id)) }
        if let url { query.append("url=" + Self.encode(url)) }
        return path + "?" + query.joined(separator: "&")
    }

    /// RFC 3986 unreserved characters stay; everything else is percent-encoded.
    private static let unreserved = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ text: String) -> String {
        // Encoding with the unreserved set cannot fail for valid Unicode text; an unpaired
        // surrogate cannot occur in a Swift String, so the fallback is never taken.
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
