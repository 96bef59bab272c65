import _CryptoExtras
import Crypto
import Foundation
import XpediteNotify
import XpediteProtocol

/// A JSON Web Token (RFC 7519) in compact serialisation, signed with ES256 (APNs' provider
/// token) or RS256 (FCM's OAuth 2 assertion): `base64url(header).base64url(claims).base64url(signature)`.
///
/// Header and claims are JSON objects written as canonical JSON. Signing sets the header's `alg`.
///
/// ```swift
/// let jwt = JSONWebToken(header: ["kid": "ABC123DEFG"], claims: ["iss": "DEF123GHIJ", "iat": 1_700_000_000])
/// let compact = try jwt.signedES256(with: key)                       // "eyJ…"
/// let read = try JSONWebToken.verifiedES256(compact, with: key.publicKey)
/// ```
public struct JSONWebToken: Sendable, Hashable {
    /// The JOSE header (`alg`, `kid`, `typ`, …).
    public var header: JSONObject
    /// The claims (`iss`, `iat`, `exp`, `aud`, …).
    public var claims: JSONObject

    /// A token with these header members and claims (`alg` is set when it is signed).
    public init(header: JSONObject = JSONObject(), claims: JSONObject) {
        self.header = header
        self.claims = claims
    }

    /// The header's `alg`, when it is a string.
    public var algorithm: String? { header["alg"]?.stringValue }

    /// The header's `kid`, when it is a string.
    public var keyId: String? { header["kid"]?.stringValue }

    /// A string claim (`iss`, `aud`, `scope`, …), when present and a string.
    public func string(_ claim: String) -> String? { claims[claim]?.stringValue }

    /// An integral numeric claim (`iat`, `exp`), when present and an integer.
    public func integer(_ claim: String) -> Int? { claims[claim]?.intValue }

    // MARK: Signing

    /// The compact token signed with ES256 (ECDSA P-256 with SHA-256; the signature is the raw
    /// 64-byte `r || s`). Sets the header's `alg` to `ES256`.
    public func signedES256(with key: P256.Signing.PrivateKey) throws(Error) -> String {
        let input = signingInput(algorithm: "ES256")
        do {
            let signature = try key.signature(for: Data(input.utf8))
            return input + "." + Base64URL.encode(signature.rawRepresentation)
        } catch {
            throw .signingFailed(String(describing: error))
        }
    }

    /// The compact token signed with RS256 (RSASSA-PKCS1-v1_5 with SHA-256). Sets the header's
    /// `alg` to `RS256`.
    public func signedRS256(with key: _RSA.Signing.PrivateKey) throws(Error) -> String {
        let input = signingInput(algorithm: "RS256")
        do {
            let signature = try key.signature(for: SHA256.hash(data: Data(input.utf8)), padding: .insecurePKCS1v1_5)
            return input + "." + Base64URL.encode(signature.rawRepresentation)
        } catch {
            throw .signingFailed(String(describing: error))
        }
    }

    private func signingInput(algorithm: String) -> String {
        var header = self.header
        header["alg"] = .string(algorithm)
        return Base64URL.encode(CanonicalJSON.data(.object(header))) + "." + Base64URL.encode(CanonicalJSON.data(.object(claims)))
    }

    // MARK: Reading

    /// Reads a compact token without checking its signature (to choose the key by `kid`, say).
    public init(parsing compact: String) throws(Error) {
        self = try Compact(compact).token
    }

    /// Reads a compact token whose header says `ES256` and whose signature `key` verifies.
    public static func verifiedES256(_ compact: String, with key: P256.Signing.PublicKey) throws(Error) -> JSONWebToken {
        let parts = try Compact(compact)
        guard parts.token.algorithm == "ES256" else { throw .unexpectedAlgorithm(expected: "ES256", found: parts.token.algorithm) }
        let signature: P256.Signing.ECDSASignature
        do {
            signature = try P256.Signing.ECDSASignature(rawRepresentation: parts.signature)
        } catch {
            throw .badSignature   // not 64 bytes
        }
        guard key.isValidSignature(signature, for: Data(parts.signingInput.utf8)) else { throw .badSignature }
        return parts.token
    }

    /// Reads a compact token whose header says `RS256` and whose signature `key` verifies.
    public static func verifiedRS256(_ compact: String, with key: _RSA.Signing.PublicKey) throws(Error) -> JSONWebToken {
        let parts = try Compact(compact)
        guard parts.token.algorithm == "RS256" else { throw .unexpectedAlgorithm(expected: "RS256", found: parts.token.algorithm) }
        let signature = _RSA.Signing.RSASignature(rawRepresentation: parts.signature)
        guard key.isValidSignature(signature, for: SHA256.hash(data: Data(parts.signingInput.utf8)), padding: .insecurePKCS1v1_5)
        else { throw .badSignature }
        return parts.token
    }

    /// The three parts of a compact token.
    private struct Compact {
        var token: JSONWebToken
        var signingInput: String
        var signature: Data

        init(_ compact: String) throws(Error) {
            let parts = compact.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3 else { throw .malformed("expected three dot-separated parts, found \(parts.count)") }
            let header = try Self.object(parts[0], named: "header")
            let claims = try Self.object(parts[1], named: "claims")
            guard let signature = Base64URL.decode(parts[2]) else { throw .malformed("the signature is not base64url") }
            token = JSONWebToken(header: header, claims: claims)
            signingInput = parts[0] + "." + parts[1]
            self.signature = signature
        }

        private static func object(_ part: Substring, named name: String) throws(Error) -> JSONObject {
            guard let data = Base64URL.decode(part) else { throw .malformed("the \(name) is not base64url") }
            let value: JSONValue
            do {
                value = try JSONValue(parsing: data)
            } catch {
                throw .malformed("the \(name) is not JSON: \(error)")
            }
            guard let object = value.objectValue else { throw .malformed("the \(name) is not a JSON object") }
            return object
        }
    }
}

extension JSONWebToken {
    /// Why a token could not be signed or read.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// Not a compact JWT: the reason.
        case malformed(String)
        /// The header names another algorithm (or none).
        case unexpectedAlgorithm(expected: String, found: String?)
        /// The signature does not verify with the key.
        case badSignature
        /// The key could not sign (the crypto library's reason).
        case signingFailed(String)

        /// A readable reason.
        public var description: String {
            switch self {
            case .malformed(let reason): "malformed JSON Web Token: \(reason)"
            case .unexpectedAlgorithm(let expected, let found): "JSON Web Token algorithm \(found ?? "(none)") is not \(expected)"
            case .badSignature: "the JSON Web Token's signature does not verify"
            case .signingFailed(let reason): "cannot sign the JSON Web Token: \(reason)"
            }
        }
    }
}
