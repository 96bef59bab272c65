/// A topic responses are published to: slash-separated segments of letters, digits, `_`, `.`
/// and `-`, such as `/a/b/c` (docs/notify.md#the-payload-model, docs/notify-api.md#conventions).
public struct Topic: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The topic text, `/a/b/c`.
    public let rawValue: String

    /// A topic, or `nil` when `text` is not of the form `/a/b/c`.
    public init?(_ text: String) {
        guard Self.isValid(text) else { return nil }
        rawValue = text
    }

    /// Whether `text` matches `^(/[A-Za-z0-9_.-]+)+$`.
    public static func isValid(_ text: String) -> Bool {
        var previousWasSlash = false
        var sawAny = false
        for byte in text.utf8 {
            if !sawAny {
                guard byte == UInt8(ascii: "/") else { return false }
                sawAny = true
                previousWasSlash = true
                continue
            }
            if byte == UInt8(ascii: "/") {
                if previousWasSlash { return false }
                previousWasSlash = true
                continue
            }
            let allowed = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
            guard allowed else { return false }
            previousWasSlash = false
        }
        return sawAny && !previousWasSlash
    }

    /// The regular expression of a topic, for the JSON Schema.
    public static let pattern = "^(/[A-Za-z0-9_.-]+)+$"

    public var description: String { rawValue }

    public static func < (lhs: Topic, rhs: Topic) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let topic = Topic(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a topic of the form /a/b/c: \(text)"))
        }
        self = topic
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
