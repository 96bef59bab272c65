import Crypto
import Foundation

/// The signature of a webhook body: `X-Xpedite-Signature: sha256=<hex HMAC-SHA256 of the raw
/// body with the webhook's secret>` (docs/notify-api.md).
public enum WebhookSignature {
    /// The header's value for `body` signed with `secret`.
    public static func header(body: Data, secret: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: Data(secret.utf8)))
        return "sha256=" + Credentials.hex(Array(code))
    }

    /// Whether `header` is the signature of `body` with `secret` (constant-time comparison).
    public static func isValid(_ header: String, body: Data, secret: String) -> Bool {
        let expected = Array(self.header(body: body, secret: secret).utf8)
        let given = Array(header.utf8)
        guard expected.count == given.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(expected, given) { difference |= left ^ right }
        return difference == 0
    }
}
