import Crypto
import Foundation

/// Device tokens and API keys. A device token is 32 random bytes, hex, prefixed `xdt_`; only its
/// SHA-256 is stored. API keys are compared by their SHA-256 digests, so a comparison takes the
/// same time whatever the key.
enum Credentials {
    /// A new device token.
    static func newDeviceToken() -> String {
        "xdt_" + randomHex(bytes: 32)
    }

    /// `bytes` random bytes from the system's CSPRNG (`SystemRandomNumberGenerator`), hex.
    static func randomHex(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return hex((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The stored form of a device token: its SHA-256, hex.
    static func digest(_ token: String) -> String {
        hex(Array(SHA256.hash(data: Data(token.utf8))))
    }

    /// The bearer token of an `Authorization` header value, or `nil`.
    static func bearer(_ header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// Lowercase hexadecimal of `bytes`.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// The API keys of a notifier, kept as digests.
struct APIKeys: Sendable {
    private let digests: Set<String>

    init(_ keys: [String]) {
        digests = Set(keys.filter { !$0.isEmpty }.map(Credentials.digest))
    }

    /// Whether `key` is one of the configured keys.
    func contains(_ key: String) -> Bool {
        digests.contains(Credentials.digest(key))
    }
}
