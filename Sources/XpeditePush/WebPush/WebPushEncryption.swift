import Crypto
import Foundation
import XpediteNotify

/// The `aes128gcm` content encoding of a Web Push message (RFC 8188, keyed as RFC 8291 says): one
/// record, encrypted for a browser's P-256 key and authentication secret. swift-crypto does the
/// cryptography (ECDH, HKDF-SHA-256, AES-128-GCM); this only lays the bytes out.
public enum WebPushEncryption {
    /// The record size written into the header: one record of at most 4096 bytes.
    public static let recordSize = 4096
    /// Header (86 bytes: salt, record size, key id length, key) + tag (16) + the padding delimiter (1).
    public static let overhead = 16 + 4 + 1 + 65 + 16 + 1

    /// Something that stops a message being encrypted.
    public enum Error: Swift.Error, Sendable, Hashable {
        /// The subscription's key is not a P-256 point, or its secret not 16 bytes.
        case badSubscriptionKeys
        /// The message does not fit one record.
        case tooLarge(Int)
    }

    /// The encrypted body for `subscription`: `salt ‖ rs ‖ idlen ‖ keyid ‖ AES-128-GCM(plaintext ‖ 0x02)`.
    ///
    /// - Parameters:
    ///   - plaintext: the message to encrypt.
    ///   - subscription: the browser's subscription, whose keys the message is encrypted to.
    ///   - senderKey: the ephemeral key (a fresh one for every message; tests pass their own).
    ///   - salt: 16 random bytes (fresh for every message).
    public static func encrypt(_ plaintext: Data, for subscription: WebPushSubscription,
                               senderKey: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey(),
                               salt: Data = randomSalt()) throws(Error) -> Data {
        guard plaintext.count + overhead <= recordSize else { throw .tooLarge(plaintext.count) }
        guard subscription.auth.count == 16, salt.count == 16 else { throw .badSubscriptionKeys }
        let browserKey: P256.KeyAgreement.PublicKey
        let shared: SharedSecret
        do {
            browserKey = try P256.KeyAgreement.PublicKey(x963Representation: subscription.p256dh)
            shared = try senderKey.sharedSecretFromKeyAgreement(with: browserKey)
        } catch {
            throw .badSubscriptionKeys
        }
        let senderPublic = senderKey.publicKey.x963Representation
        var padded = plaintext
        padded.append(0x02)    // the last (and only) record's delimiter
        let sealed: AES.GCM.SealedBox
        do {
            let (key, nonce) = try contentKeys(shared: shared, auth: subscription.auth, salt: salt,
                                               browserPublic: subscription.p256dh, senderPublic: senderPublic)
            sealed = try AES.GCM.seal(padded, using: key, nonce: nonce)
        } catch {
            throw .badSubscriptionKeys
        }
        var body = Data(salt)
        withUnsafeBytes(of: UInt32(recordSize).bigEndian) { body.append(contentsOf: $0) }
        body.append(UInt8(senderPublic.count))
        body.append(senderPublic)
        body.append(sealed.ciphertext)
        body.append(sealed.tag)
        return body
    }

    /// The content-encryption key and nonce (RFC 8291 §3.4, RFC 8188 §2.2), for the sender and for
    /// a receiver that decrypts (the tests' push service).
    public static func contentKeys(shared: SharedSecret, auth: Data, salt: Data, browserPublic: Data,
                                   senderPublic: Data) throws -> (SymmetricKey, AES.GCM.Nonce) {
        var keyInfo = Data("WebPush: info".utf8)
        keyInfo.append(0)
        keyInfo.append(browserPublic)
        keyInfo.append(senderPublic)
        let inputKey = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: auth, sharedInfo: keyInfo, outputByteCount: 32)
        let contentKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: inputKey, salt: salt,
                                                info: Data("Content-Encoding: aes128gcm\u{0}".utf8), outputByteCount: 16)
        let nonceBytes = HKDF<SHA256>.deriveKey(inputKeyMaterial: inputKey, salt: salt,
                                                info: Data("Content-Encoding: nonce\u{0}".utf8), outputByteCount: 12)
        let nonce = try nonceBytes.withUnsafeBytes { bytes in try AES.GCM.Nonce(data: Data(bytes)) }
        return (contentKey, nonce)
    }

    /// 16 random bytes.
    public static func randomSalt() -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
