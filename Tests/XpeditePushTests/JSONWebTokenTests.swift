import _CryptoExtras
import Crypto
import Foundation
import Testing
import XpediteNotify
import XpeditePush
import XpeditePushStandIns
import XpediteProtocol

/// ``JSONWebToken``: compact serialisation, ES256 and RS256 signing and verification.
@Suite struct JSONWebTokenTests {
    let claims: JSONObject = ["iss": "DEF123GHIJ", "iat": 1_700_000_000]

    @Test func es256SignsAndVerifies() throws {
        let key = P256.Signing.PrivateKey()
        let compact = try JSONWebToken(header: ["kid": "ABC123DEFG"], claims: claims).signedES256(with: key)
        let parts = compact.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(!compact.contains("=") && !compact.contains("+") && !compact.contains("/"))
        #expect(Base64URL.decode(parts[2])?.count == 64)   // raw r || s
        let read = try JSONWebToken.verifiedES256(compact, with: key.publicKey)
        #expect(read.header == ["alg": "ES256", "kid": "ABC123DEFG"])
        #expect(read.claims == claims)
    }

    @Test func rs256SignsAndVerifies() throws {
        let account = try FCMHarness.sharedAccount.get()
        let compact = try JSONWebToken(header: ["typ": "JWT"], claims: claims).signedRS256(with: account.privateKey)
        let read = try JSONWebToken.verifiedRS256(compact, with: account.publicKey)
        #expect(read.algorithm == "RS256")
        #expect(read.claims == claims)
        #expect(Base64URL.decode(compact.split(separator: ".")[2])?.count == 256)
    }

    @Test func aTamperedTokenIsRefused() throws {
        let key = P256.Signing.PrivateKey()
        let compact = try JSONWebToken(header: ["kid": "ABC123DEFG"], claims: claims).signedES256(with: key)
        let parts = compact.split(separator: ".").map(String.init)
        let forged = Base64URL.encode(CanonicalJSON.data(["iss": "SOMEONEELS", "iat": 1_700_000_000]))
        #expect(throws: JSONWebToken.Error.badSignature) {
            try JSONWebToken.verifiedES256([parts[0], forged, parts[2]].joined(separator: "."), with: key.publicKey)
        }
        #expect(throws: JSONWebToken.Error.badSignature) {
            try JSONWebToken.verifiedES256(compact, with: P256.Signing.PrivateKey().publicKey)
        }
        let account = try FCMHarness.sharedAccount.get()
        let rs256 = try JSONWebToken(claims: claims).signedRS256(with: account.privateKey)
        let rsParts = rs256.split(separator: ".").map(String.init)
        #expect(throws: JSONWebToken.Error.badSignature) {
            try JSONWebToken.verifiedRS256([rsParts[0], forged, rsParts[2]].joined(separator: "."), with: account.publicKey)
        }
    }

    @Test func anotherAlgorithmOrAMalformedTokenIsRefused() throws {
        let key = P256.Signing.PrivateKey()
        let compact = try JSONWebToken(claims: claims).signedES256(with: key)
        let account = try FCMHarness.sharedAccount.get()
        #expect(throws: JSONWebToken.Error.unexpectedAlgorithm(expected: "RS256", found: "ES256")) {
            try JSONWebToken.verifiedRS256(compact, with: account.publicKey)
        }
        #expect(throws: JSONWebToken.Error.self) { try JSONWebToken(parsing: "not.a-token") }
        #expect(throws: JSONWebToken.Error.self) { try JSONWebToken(parsing: "e30.bm90IGpzb24.c2ln") }
    }
}
