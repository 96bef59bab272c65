import Crypto
import Foundation
import XpediteNotify

/// What token-based APNs needs (docs/push.md#setting-up-apns): the `.p8` signing key (PKCS#8 PEM,
/// P-256), its key id, the team id, the app's bundle id as topic, and the service's base URL.
///
/// Made at start-up; an unreadable or invalid key, or an empty id, is a
/// ``PushConfigurationError`` there, never at the first push.
public struct APNsConfiguration: Sendable {
    /// `https://api.push.apple.com`.
    public static let productionURL = "https://api.push.apple.com"
    /// `https://api.sandbox.push.apple.com`, for development builds of the app.
    public static let sandboxURL = "https://api.sandbox.push.apple.com"

    /// The provider token signing key.
    public let signingKey: P256.Signing.PrivateKey
    /// The key's id (the JWT's `kid`), 10 characters in Apple's developer account.
    public let keyId: String
    /// The team id (the JWT's `iss`).
    public let teamId: String
    /// The app's bundle id (`apns-topic`).
    public let topic: String
    /// The service's base URL, without a trailing `/`.
    public let baseURL: String

    /// A configuration from a key already read.
    ///
    /// - Throws: ``PushConfigurationError/emptyValue(name:)`` for an empty id or topic,
    ///   ``PushConfigurationError/invalidURL(name:value:)`` for a base URL that is not one.
    public init(signingKey: P256.Signing.PrivateKey, keyId: String, teamId: String, topic: String,
                baseURL: String = APNsConfiguration.productionURL) throws(PushConfigurationError) {
        for (name, value) in [("APNs key id", keyId), ("APNs team id", teamId), ("APNs topic", topic)]
        where value.trimmingCharacters(in: .whitespaces).isEmpty {
            throw .emptyValue(name: name)
        }
        self.signingKey = signingKey
        self.keyId = keyId
        self.teamId = teamId
        self.topic = topic
        self.baseURL = try PushServiceURL.validated(baseURL, name: "the APNs URL")
    }

    /// A configuration from the key's PEM text (`-----BEGIN PRIVATE KEY-----`, as Apple hands it out).
    ///
    /// - Throws: ``PushConfigurationError/invalidKey(what:source:reason:)`` when the text is not a
    ///   P-256 private key, and the errors of ``init(signingKey:keyId:teamId:topic:baseURL:)``.
    public init(keyPEM: String, keyId: String, teamId: String, topic: String,
                baseURL: String = APNsConfiguration.productionURL) throws(PushConfigurationError) {
        try self.init(keyPEM: keyPEM, source: "the given PEM text", keyId: keyId, teamId: teamId, topic: topic, baseURL: baseURL)
    }

    /// A configuration from the `.p8` key file at `keyFile`.
    ///
    /// - Throws: ``PushConfigurationError/unreadableFile(what:path:reason:)`` when the file cannot be
    ///   read, and the errors of ``init(keyPEM:keyId:teamId:topic:baseURL:)``.
    public init(keyFile: String, keyId: String, teamId: String, topic: String,
                baseURL: String = APNsConfiguration.productionURL) throws(PushConfigurationError) {
        let pem = try PushConfigurationFile.text(at: keyFile, what: "APNs key (XPEDITE_APNS_KEY_FILE)")
        try self.init(keyPEM: pem, source: keyFile, keyId: keyId, teamId: teamId, topic: topic, baseURL: baseURL)
    }

    private init(keyPEM: String, source: String, keyId: String, teamId: String, topic: String,
                 baseURL: String) throws(PushConfigurationError) {
        let key: P256.Signing.PrivateKey
        do {
            key = try P256.Signing.PrivateKey(pemRepresentation: keyPEM)
        } catch {
            throw .invalidKey(what: "APNs signing key", source: source,
                              reason: "expected a P-256 private key in PEM (the .p8 file from Apple) (\(error))")
        }
        try self.init(signingKey: key, keyId: keyId, teamId: teamId, topic: topic, baseURL: baseURL)
    }
}
