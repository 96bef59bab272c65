import Crypto
import Foundation

/// The server's VAPID key pair (RFC 8292): it signs every Web Push request, and browsers subscribe
/// with its public half (`GET /device/webpush-key`). Generated on the first run and kept in the
/// data directory (`vapid-private-key.pem`, readable by its owner only), or read from a PEM file.
public struct VAPIDKey: Sendable {
    /// The private key.
    public let privateKey: P256.Signing.PrivateKey

    /// The file name of the generated key inside the data directory.
    public static let fileName = "vapid-private-key.pem"

    /// A key pair.
    public init(privateKey: P256.Signing.PrivateKey) {
        self.privateKey = privateKey
    }

    /// The public key, 65 bytes uncompressed, base64url: the `applicationServerKey` a browser
    /// subscribes with and the `k=` of the `Authorization` header.
    public var publicKeyBase64URL: String {
        Base64URL.encode(privateKey.publicKey.x963Representation)
    }

    /// A new key pair.
    public static func generate() -> VAPIDKey {
        VAPIDKey(privateKey: P256.Signing.PrivateKey())
    }

    /// The key pair of a PEM text (a P-256 private key); `source` names it in the error.
    ///
    /// - Throws: ``PushConfigurationError/invalidKey(what:source:reason:)`` when it is not one.
    public init(pem: String, source: String) throws {
        self = try Self.key(pem: pem, source: source)
    }

    /// The private key in PEM, as a key file holds it.
    public var pemRepresentation: String {
        privateKey.pemRepresentation
    }

    /// The key a data directory keeps (``fileName``), if it has one; nothing is made.
    ///
    /// - Throws: ``PushConfigurationError`` for an unreadable or unusable file.
    public static func existing(in directory: URL) throws -> VAPIDKey? {
        let url = directory.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let text = try PushConfigurationFile.text(at: url.path, what: "VAPID key")
        return try key(pem: text, source: url.path)
    }

    /// The key in `file` (PEM), or the one kept in `directory`, made and written there on the first run.
    ///
    /// - Throws: ``PushConfigurationError`` for an unreadable or unusable file.
    public static func load(file: String?, directory: URL) throws -> VAPIDKey {
        if let file {
            let text = try PushConfigurationFile.text(at: file, what: "VAPID key (XPEDITE_VAPID_KEY_FILE)")
            return try key(pem: text, source: file)
        }
        if let existing = try existing(in: directory) { return existing }
        let url = directory.appendingPathComponent(fileName)
        let kept: (text: String, written: Bool)
        do {
            kept = try FirstWriterFile.text(at: url) { P256.Signing.PrivateKey().pemRepresentation }
        } catch {
            throw PushConfigurationError.unreadableFile(what: "VAPID key (cannot be written)", path: url.path, reason: "\(error)")
        }
        return try key(pem: kept.text, source: url.path)
    }

    private static func key(pem: String, source: String) throws -> VAPIDKey {
        do {
            return VAPIDKey(privateKey: try P256.Signing.PrivateKey(pemRepresentation: pem))
        } catch {
            throw PushConfigurationError.invalidKey(what: "VAPID key", source: source, reason: "not a P-256 private key in PEM")
        }
    }
}
