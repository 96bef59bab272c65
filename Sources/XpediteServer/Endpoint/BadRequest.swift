/// Why a request body is not a request the SDK can run. Each becomes an `rc` message naming the
/// problem (never an HTTP error, never internal detail), with an empty `components`.
enum BadRequest: Error, Sendable, Hashable {
    /// A `Content-Type` other than JSON.
    case contentType(String)
    /// A body over the configured limit.
    case tooLarge(limit: Int)
    /// The body stream failed before it was complete.
    case unreadable
    /// No body at all.
    case empty
    /// Bytes that are not JSON text.
    case notJSON
    /// JSON, but not an object (an array, a string, …).
    case notObject(typeName: String)
    /// A JSON object that breaks the request rules: the first error found, with its path.
    case invalid(String)

    /// The `rc` message.
    var message: String {
        switch self {
        case .contentType(let type):
            let shown = type.count > 60 ? String(type.prefix(57)) + "..." : type
            return "Bad request: the content type must be application/json, not \"\(shown)\"."
        case .tooLarge(let limit):
            return "Bad request: the body is larger than the limit of \(limit) bytes."
        case .unreadable:
            return "Bad request: the body could not be read."
        case .empty:
            return "Bad request: the body is empty; send a JSON object."
        case .notJSON:
            return "Bad request: the body is not valid JSON."
        case .notObject(let typeName):
            return "Bad request: the body must be a JSON object, not \(typeName == "array" ? "an" : "a") \(typeName)."
        case .invalid(let issue):
            return "Bad request: \(issue)"
        }
    }

    /// Whether a `Content-Type` value names JSON: `application/json` or any `…/…+json`, with any
    /// parameters. A missing header is accepted too (docs/protocol/packets.md#transport asks for
    /// JSON; some clients omit it).
    static func isJSON(contentType: String) -> Bool {
        // The header every client sends, compared byte by byte without building strings.
        if let isJSON = isPlainJSON(contentType.utf8) { return isJSON }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let normalized = mediaType.trimmingCharacters(in: .whitespaces).lowercased()
        return normalized == "application/json" || (normalized.hasPrefix("application/") && normalized.hasSuffix("+json"))
    }

    /// Whether an ASCII `Content-Type` is `application/json` (any case, optional surrounding
    /// blanks, any parameters after `;`): `true`, or `nil` when the general rule must decide
    /// (another media type, or bytes outside ASCII).
    private static func isPlainJSON(_ utf8: String.UTF8View) -> Bool? {
        let expected = "application/json".utf8
        var index = utf8.startIndex
        while index != utf8.endIndex, utf8[index] == UInt8(ascii: " ") || utf8[index] == UInt8(ascii: "\t") {
            index = utf8.index(after: index)
        }
        for byte in expected {
            guard index != utf8.endIndex else { return nil }
            let actual = utf8[index]
            // ASCII letters compare in lower case; every other byte must match exactly.
            let lowered = actual >= UInt8(ascii: "A") && actual <= UInt8(ascii: "Z") ? actual | 0x20 : actual
            guard lowered == byte else { return nil }
            index = utf8.index(after: index)
        }
        while index != utf8.endIndex, utf8[index] == UInt8(ascii: " ") || utf8[index] == UInt8(ascii: "\t") {
            index = utf8.index(after: index)
        }
        return index == utf8.endIndex || utf8[index] == UInt8(ascii: ";") ? true : nil
    }
}
