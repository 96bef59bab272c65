import _CryptoExtras
import Foundation
import XpediteProtocol

/// A Google service account made for one test: a fresh 2048-bit RSA key, an e-mail and a
/// project, written as the JSON file the Firebase console hands out with `token_uri` pointing at
/// an ``FCMStandIn``. Nothing real: the key exists only in the test.
public struct ThrowawayServiceAccount: Sendable {
    /// The account's key.
    public let privateKey: _RSA.Signing.PrivateKey
    /// `client_email`.
    public let clientEmail: String
    /// `project_id`.
    public let projectId: String

    /// A new account with a new key.
    public init(projectId: String = "xpedite-push-test", clientEmail: String = "push@xpedite-push-test.iam.gserviceaccount.com") throws {
        privateKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        self.clientEmail = clientEmail
        self.projectId = projectId
    }

    /// The key's public half, what the stand-in verifies assertions with.
    public var publicKey: _RSA.Signing.PublicKey { privateKey.publicKey }

    /// The service account JSON with `token_uri`.
    public func json(tokenURI: String) -> JSONValue {
        [
            "type": "service_account", "project_id": .string(projectId), "private_key_id": "0123456789abcdef",
            "private_key": .string(privateKey.pkcs8PEMRepresentation), "client_email": .string(clientEmail),
            "client_id": "100000000000000000000", "token_uri": .string(tokenURI),
        ]
    }

    /// Writes the JSON to `file`; returns its path (for `XPEDITE_FCM_SERVICE_ACCOUNT`).
    @discardableResult
    public func write(to file: URL, tokenURI: String) throws -> String {
        try CanonicalJSON.data(json(tokenURI: tokenURI), pretty: true).write(to: file)
        return file.path
    }
}
