/// `rc`: the return code of every answer (docs/protocol/packets.md#rc-the-return-code). `0` (or
/// `"0"`) is success; any other integer shows a generic error; a string is a message the phone
/// shows as it is.
public enum ReturnCode: Sendable, Hashable {
    /// An integer code; `0` is success.
    case code(Int)
    /// A message for the user (old dialect, and the SDK's `fail(message:)`).
    case message(String)

    /// Success.
    public static let ok = ReturnCode.code(0)

    /// Whether the code means success: integer `0` or the string `"0"`.
    public var isSuccess: Bool {
        switch self {
        case .code(let code): code == 0
        case .message(let text): text == "0"
        }
    }

    static let shape = Shape.anyOf([.integer, .string])

    init?(_ value: JSONValue?) {
        switch value {
        case .number?: guard let code = value?.intValue else { return nil }; self = .code(code)
        case .string(let text)?: self = .message(text)
        default: return nil
        }
    }

    var json: JSONValue {
        switch self {
        case .code(let code): .number(Double(code))
        case .message(let text): .string(text)
        }
    }
}
