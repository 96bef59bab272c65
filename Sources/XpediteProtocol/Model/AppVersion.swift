/// `version`: the server application's version, a number or a string
/// (docs/protocol/versions.md#the-servers-version). A change purges the client's caches; versions
/// compare by their canonical text.
public enum AppVersion: Sendable, Hashable, CustomStringConvertible {
    /// A numeric version, `100`.
    case number(Double)
    /// A textual version, `"P1.213"`.
    case string(String)

    /// The canonical text the client stores and compares: the string itself, or the number
    /// without a trailing `.0`.
    public var canonical: String {
        switch self {
        case .number(let value): JSONValue.format(number: value)
        case .string(let text): text
        }
    }

    public var description: String { canonical }

    static let shape = Shape.anyOf([.number, .string])

    init?(_ value: JSONValue?) {
        switch value {
        case .number(let number)?: self = .number(number)
        case .string(let text)?: self = .string(text)
        default: return nil
        }
    }

    var json: JSONValue {
        switch self {
        case .number(let value): .number(value)
        case .string(let text): .string(text)
        }
    }
}
