/// `disposition`: how long the phone caches a page, keyed by the page `id`
/// (docs/protocol/caching.md#the-page-cache).
public enum Disposition: Sendable, Hashable {
    /// `"permanent"`: cached with no time limit.
    case permanent
    /// `{"type":"expiry","seconds":N}`: cached for N seconds after the phone receives it.
    case expiry(seconds: Int)

    static let expiryShape = ObjectShape(name: "expiry", displayName: "disposition", expectation: "{\"type\": \"expiry\", \"seconds\": N}", summary: "Cache for a fixed number of seconds.", properties: [
        .init("type", .oneOf(["expiry"]), required: true, "Always \"expiry\"."),
        .init("seconds", .boundedInteger(minimum: 1), required: true, "Seconds the page stays cached."),
    ])

    static let shape = Shape.anyOf([.oneOf(["permanent"]), .object("expiry")])

    init?(_ value: JSONValue?) {
        switch value {
        case .string("permanent")?: self = .permanent
        case .object(let members)?:
            guard members[.type] == .string("expiry"), let seconds = members[.seconds]?.intValue, seconds > 0
            else { return nil }
            self = .expiry(seconds: seconds)
        default: return nil
        }
    }

    var json: JSONValue {
        switch self {
        case .permanent: .string("permanent")
        case .expiry(let seconds): .object(["type": "expiry", "seconds": .number(Double(seconds))])
        }
    }
}
