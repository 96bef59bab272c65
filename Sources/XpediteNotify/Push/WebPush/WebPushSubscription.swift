import Crypto
import Foundation
import XpediteProtocol

/// A browser's push subscription (the `PushSubscription` of the Push API,
/// docs/notify-api.md#device-routes and docs/push.md#web-push): where to POST, and the keys to
/// encrypt for (RFC 8291).
public struct WebPushSubscription: Sendable, Hashable {
    /// The push service's URL for this browser.
    public var endpoint: String
    /// The browser's P-256 public key, 65 bytes uncompressed (`keys.p256dh`).
    public var p256dh: Data
    /// The browser's 16-byte authentication secret (`keys.auth`).
    public var auth: Data

    /// Creates a subscription; see ``init(json:at:allowlist:)`` for one read from a request.
    public init(endpoint: String, p256dh: Data, auth: Data) {
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
    }

    /// `{"endpoint", "keys": {"p256dh", "auth"}}` with the keys in base64url, as a browser gives it.
    public var json: JSONValue {
        ["endpoint": .string(endpoint),
         "keys": ["p256dh": .string(Base64URL.encode(p256dh)), "auth": .string(Base64URL.encode(auth))]]
    }

    /// Reads and checks a subscription: an endpoint the allowlist takes, a P-256 point and a 16-byte
    /// secret. Problems are issues at their paths under `path`; an endpoint on another host is the
    /// error `push-endpoint-not-allowed`.
    ///
    /// - Throws: ``NotifyError`` 422.
    public init(json: JSONValue, at path: JSONPath, allowlist: WebPushAllowlist) throws {
        func issue(_ at: JSONPath, _ message: String) -> ValidationIssue {
            ValidationIssue(path: at, code: .invalidValue, severity: .error, message: message)
        }
        guard case .object(let members) = json else {
            throw NotifyError.invalid("the push subscription is not valid", issues: [issue(path, "expected {\"endpoint\", \"keys\": {\"p256dh\", \"auth\"}}")])
        }
        var issues: [ValidationIssue] = []
        let endpoint = members["endpoint"]?.stringValue
        if endpoint == nil { issues.append(issue(path.appending("endpoint"), "expected the push service's URL")) }
        let keysPath = path.appending("keys")
        let p256dh = members["keys"]?["p256dh"]?.stringValue.flatMap(Base64URL.decode)
        if !Self.isPublicKey(p256dh) {
            issues.append(issue(keysPath.appending("p256dh"), "expected a P-256 public key, 65 bytes uncompressed, base64url"))
        }
        let auth = members["keys"]?["auth"]?.stringValue.flatMap(Base64URL.decode)
        if auth?.count != 16 { issues.append(issue(keysPath.appending("auth"), "expected a 16-byte secret, base64url")) }
        guard issues.isEmpty, let endpoint, let p256dh, let auth else {
            throw NotifyError.invalid("the push subscription is not valid", issues: issues)
        }
        guard allowlist.allows(endpoint) else {
            throw NotifyError(status: .unprocessableContent, code: "push-endpoint-not-allowed",
                              message: "push endpoints must be https URLs on an allowed push service",
                              issues: [issue(path.appending("endpoint"), "\(allowlist.describe(endpoint)) is not an allowed push service")])
        }
        self.init(endpoint: endpoint, p256dh: p256dh, auth: auth)
    }

    /// Whether `bytes` are an uncompressed P-256 point.
    private static func isPublicKey(_ bytes: Data?) -> Bool {
        guard let bytes, bytes.count == 65, bytes.first == 0x04 else { return false }
        do {
            _ = try P256.KeyAgreement.PublicKey(x963Representation: bytes)
            return true
        } catch {
            return false    // not on the curve: reported as the issue above
        }
    }
}
