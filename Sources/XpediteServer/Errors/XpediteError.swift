/// An error a handler throws on purpose: the phone shows it, and keeps its current screen.
///
/// ```swift
/// guard saved else { throw XpediteError.message("Failed to update customer") }
/// ```
///
/// The answer carries `rc` (the message as a string, or the code) and an empty `components`, so
/// the phone shows an alert and keeps the screen the user was on, with what they typed
/// (PROTOCOL.md §2.1 step 5). Any other error a handler throws becomes a generic message and is
/// logged with the request id; its text never reaches the phone.
public enum XpediteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A message for the user, sent as a string `rc`.
    case message(String)
    /// A non-zero integer `rc`; the phone shows its own generic text for it.
    case code(Int)

    /// The `rc` of the answer.
    public var returnCode: ReturnCode {
        switch self {
        case .message(let text): .message(text)
        case .code(let code): .code(code == 0 ? 1 : code)
        }
    }

    public var description: String {
        switch self {
        case .message(let text): text
        case .code(let code): "error code \(code)"
        }
    }
}
