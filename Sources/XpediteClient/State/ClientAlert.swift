import XpediteProtocol

/// An alert the renderer shows (docs/protocol/packets.md#rc-the-return-code,
/// docs/protocol/components/README.md#keys-every-component-has,
/// docs/protocol/caching.md#offline-fallback).
public struct ClientAlert: Sendable, Hashable {
    /// Why the alert is shown.
    public enum Kind: Sendable, Hashable {
        /// The server answered with a non-zero `rc` (its text, or the generic text with the code).
        case returnCode(ReturnCode)
        /// The server could not be reached and no cached page could stand in.
        case connection
        /// The answer broke the protocol (not JSON, no usable `rc`); the message has the path.
        case protocolError
        /// The screen has component errors
        /// (docs/protocol/components/README.md#keys-every-component-has): components skipped or
        /// repaired, one line each. Only a client that
        /// ``ClientConfiguration/reportsComponentErrors`` shows it.
        case componentErrors
    }

    /// Why the alert is shown.
    public var kind: Kind
    /// The text shown.
    public var message: String

    /// Creates an alert.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The alert for a non-zero `rc`: a string is shown as it is, an integer gets generic text
    /// with the code (docs/protocol/packets.md#rc-the-return-code).
    public static func returnCode(_ rc: ReturnCode) -> ClientAlert {
        switch rc {
        case .message(let text): ClientAlert(kind: .returnCode(rc), message: text)
        case .code(let code):
            ClientAlert(kind: .returnCode(rc), message: "The request could not be completed (code \(code)).")
        }
    }
}
