import _CryptoExtras
import Foundation
import XpediteNotify
import XpediteProtocol

/// A Google service account as FCM HTTP v1 needs it (docs/push.md#setting-up-fcm): read from the
/// JSON file the Firebase console hands out (`project_id`, `client_email`, `private_key`,
/// `token_uri`).
///
/// Read at start-up: a missing field or an unusable key is a ``PushConfigurationError`` naming it.
public struct FCMServiceAccount: Sendable {
    /// `https://oauth2.googleapis.com/token`, Google's token endpoint.
    public static let googleTokenURI = "https://oauth2.googleapis.com/token"

    /// The Firebase project (`project_id`).
    public let projectId: String
    /// The account's e-mail address (`client_email`): the assertion's `iss`.
    public let clientEmail: String
    /// The account's RSA key (`private_key`), signing the assertion (RS256).
    public let privateKey: _RSA.Signing.PrivateKey
    /// Where access tokens are granted (`token_uri`): the assertion's `aud`.
    public let tokenURI: String

    /// An account from its parts.
    ///
    /// - Throws: ``PushConfigurationError/invalidURL(name:value:)`` when `tokenURI` is not a URL.
    public init(projectId: String, clientEmail: String, privateKey: _RSA.Signing.PrivateKey,
                tokenURI: String = FCMServiceAccount.googleTokenURI) throws(PushConfigurationError) {
        for (name, value) in [("FCM project id", projectId), ("FCM client e-mail", clientEmail)]
        where value.trimmingCharacters(in: .whitespaces).isEmpty {
            throw .emptyValue(name: name)
        }
        self.projectId = projectId
        self.clientEmail = clientEmail
        self.privateKey = privateKey
        self.tokenURI = try PushServiceURL.validated(tokenURI, name: "the service account's token_uri")
    }

    /// The account in the service account JSON file at `path`.
    ///
    /// - Throws: ``PushConfigurationError`` naming the unreadable file, the missing field or the bad key.
    public init(contentsOf path: String) throws(PushConfigurationError) {
        let data = try PushConfigurationFile.data(at: path, what: "FCM service account (XPEDITE_FCM_SERVICE_ACCOUNT)")
        try self.init(json: data, source: path)
    }

    /// The account in service account JSON; `source` names it in errors (its path).
    public init(json data: Data, source: String) throws(PushConfigurationError) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: data)
        } catch {
            throw .invalidServiceAccount(path: source, reason: "not JSON (\(error))")
        }
        guard let object = value.objectValue else {
            throw .invalidServiceAccount(path: source, reason: "expected a JSON object, found \(value.typeName)")
        }
        func field(_ name: String) throws(PushConfigurationError) -> String {
            guard let text = object[name]?.stringValue, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw .missingField(path: source, field: name)
            }
            return text
        }
        let projectId = try field("project_id")
        let clientEmail = try field("client_email")
        let pem = try field("private_key")
        let tokenURI = try field("token_uri")
        let key: _RSA.Signing.PrivateKey
        do {
            key = try _RSA.Signing.PrivateKey(pemRepresentation: pem)
        } catch {
            throw .invalidKey(what: "FCM service account's private_key", source: source,
                              reason: "expected an RSA private key (2048 bits or more) in PEM (\(error))")
        }
        try self.init(projectId: projectId, clientEmail: clientEmail, privateKey: key, tokenURI: tokenURI)
    }
}
