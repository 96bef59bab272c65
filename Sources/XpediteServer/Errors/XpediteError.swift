/// An error a handler throws on purpose: the phone shows it, and keeps its current screen.
///
/// ```swift
/// guard saved else { throw XpediteError.message("Failed to update customer") }
/// ```
///
/// The answer carries `rc` (the message as a string, or the code) and an empty `components`, so the
/// phone shows an alert and keeps the screen the user was on, with what they typed
/// (docs/protocol/packets.md#rc-the-return-code step 5). Any other error a handler throws becomes a
/// generic message and is logged with the request id; its text never reaches the phone.
///
/// A struct rather than an enum, as Hummingbird's errors are, so that new kinds can be added
/// without breaking code that switches over it; compare values with `==`.
public struct XpediteError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        case message(String)
        case code(Int)
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// A message for the user, sent as a string `rc`.
    public static func message(_ text: String) -> XpediteError {
        XpediteError(.message(text))
    }

    /// A non-zero integer `rc`; the phone shows its own generic text for it. `0` is sent as `1`,
    /// since `0` means success.
    public static func code(_ code: Int) -> XpediteError {
        XpediteError(.code(code))
    }

    /// The `rc` of the answer.
    public var returnCode: ReturnCode {
        switch kind {
        case .message(let text): .message(text)
        case .code(let code): .code(code == 0 ? 1 : code)
        }
    }

    public var description: String {
        switch kind {
        case .message(let text): text
        case .code(let code): "error code \(code)"
        }
    }
}
