import XpeditePush
import XpediteTestFixtures
import _CryptoExtras
import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import Testing
import XpediteNotify
import XpeditePushStandIns
import XpediteProtocol

/// The stand-ins refuse what the real services refuse, so a provider test that passes means the
/// request was right.
@Suite struct StandInTests {
    struct Sent: Sendable {
        var status: Int
        var json: JSONValue?
    }

    static func post(_ url: String, headers: [(String, String)], body: [UInt8], client: HTTPClient) async throws -> Sent {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await client.execute(request, timeout: .seconds(10))
        let bytes = try await response.body.collect(upTo: 1 << 16)
        let json: JSONValue? = bytes.readableBytes == 0 ? nil : try JSONValue(parsing: Data(bytes.readableBytesView))
        return Sent(status: Int(response.status.code), json: json)
    }

    @Test func theAPNsStandInRefusesWhatAPNsRefuses() async throws {
        let clock = TestClock(start: Date())
        let signingKey = P256.Signing.PrivateKey()
        let standIn = APNsStandIn(publicKey: signingKey.publicKey, keyId: "ABC123DEFG", teamId: "DEF123GHIJ", topic: "com.example.xpedite",
                                  now: clock.function)
        try await standIn.start()
        try await Self.stopping(stop: standIn.stop) {
            try await PushTesting.withClient { client in
            let now = Int(clock.now.timeIntervalSince1970)
            func jwt(kid: String = "ABC123DEFG", iss: String = "DEF123GHIJ", age: Int = 0,
                     key: P256.Signing.PrivateKey? = nil) throws -> String {
                try JSONWebToken(header: ["kid": .string(kid)], claims: ["iss": .string(iss), "iat": .number(Double(now - age))])
                    .signedES256(with: key ?? signingKey)
            }
            let good: [String: String] = [
                "authorization": "bearer \(try jwt())", "apns-topic": "com.example.xpedite", "apns-push-type": "alert",
                "apns-priority": "10", "apns-id": UUID().uuidString.lowercased(), "apns-expiration": "0",
            ]
            let body = CanonicalJSON.bytes(["aps": ["alert": ["title": "t", "body": "b"]]])
            func send(_ changes: [String: String?] = [:], body: [UInt8] = body, token: String = "abcdef0123") async throws -> Sent {
                var headers = good
                for (name, value) in changes { headers[name] = value }
                return try await Self.post(standIn.baseURL + "/3/device/" + token, headers: headers.map { ($0.key, $0.value) },
                                           body: body, client: client)
            }
            func reason(_ sent: Sent) -> String { "\(sent.status) \(sent.json?["reason"]?.stringValue ?? "")" }

            #expect(reason(try await send()) == "200 ")
            #expect(reason(try await send(["authorization": nil])) == "403 MissingProviderToken")
            #expect(reason(try await send(["authorization": "bearer \(try jwt(key: P256.Signing.PrivateKey()))"])) == "403 InvalidProviderToken")
            #expect(reason(try await send(["authorization": "bearer \(try jwt(kid: "OTHERKEYID"))"])) == "403 InvalidProviderToken")
            #expect(reason(try await send(["authorization": "bearer \(try jwt(iss: "OTHERTEAM1"))"])) == "403 InvalidProviderToken")
            #expect(reason(try await send(["authorization": "bearer \(try jwt(age: -600))"])) == "403 InvalidProviderToken")
            #expect(reason(try await send(["authorization": "bearer \(try jwt(age: 3700))"])) == "403 ExpiredProviderToken")
            #expect(reason(try await send(["apns-topic": nil])) == "400 MissingTopic")
            #expect(reason(try await send(["apns-topic": "com.example.other"])) == "400 TopicDisallowed")
            #expect(reason(try await send(["apns-push-type": nil])) == "400 InvalidPushType")
            #expect(reason(try await send(["apns-priority": "7"])) == "400 BadPriority")
            #expect(reason(try await send(["apns-id": "delivery-1"])) == "400 BadMessageId")
            #expect(reason(try await send(["apns-expiration": "tomorrow"])) == "400 BadExpirationDate")
            #expect(reason(try await send(token: "not-hex")) == "400 BadDeviceToken")
            #expect(reason(try await send(body: CanonicalJSON.bytes(["aps": ["alert": .string(String(repeating: "x", count: 4100))]])))
                    == "413 PayloadTooLarge")
            #expect(reason(try await send(body: CanonicalJSON.bytes(["aps": ["sound": "default"]]))) == "400 BadPayload")
            #expect(standIn.accepted.count == 1)
            #expect(standIn.requestCount == 16)
        }
        }
    }

    @Test func theFCMStandInRefusesWhatFCMRefuses() async throws {
        let account = try FCMHarness.sharedAccount.get()
        let standIn = FCMStandIn(account: account)
        try await standIn.start()
        try await Self.stopping(stop: standIn.stop) {
            try await PushTesting.withClient { client in
            let iat = Int(Date().timeIntervalSince1970)
            let tokenURL = standIn.tokenURL
            func assertion(aud: String? = nil, scope: String = FCMAccessTokens.scope, lifetime: Int = 3600,
                           key: _RSA.Signing.PrivateKey? = nil) throws -> String {
                try JSONWebToken(claims: ["iss": .string(account.clientEmail), "scope": .string(scope), "aud": .string(aud ?? tokenURL),
                                          "iat": .number(Double(iat)), "exp": .number(Double(iat + lifetime))])
                    .signedRS256(with: key ?? account.privateKey)
            }
            func grant(_ assertion: String, grantType: String = "urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer") async throws -> Sent {
                try await Self.post(standIn.tokenURL, headers: [("content-type", "application/x-www-form-urlencoded")],
                                    body: Array("grant_type=\(grantType)&assertion=\(assertion)".utf8), client: client)
            }
            #expect(try await grant(assertion(aud: "https://oauth2.googleapis.com/token")).json?["error"] == "invalid_grant")
            #expect(try await grant(assertion(scope: "https://www.googleapis.com/auth/cloud-platform")).json?["error"] == "invalid_scope")
            #expect(try await grant(assertion(lifetime: 7200)).json?["error"] == "invalid_grant")
            #expect(try await grant(assertion(key: ThrowawayServiceAccount().privateKey)).json?["error"] == "invalid_grant")
            #expect(try await grant(assertion(), grantType: "client_credentials").json?["error"] == "unsupported_grant_type")
            let granted = try await grant(assertion())
            let token = try #require(granted.json?["access_token"]?.stringValue)
            #expect(granted.json?["token_type"] == "Bearer" && granted.json?["expires_in"] == 3600)
            #expect(standIn.tokenGrants == 1)

            func send(_ message: JSONValue, bearer: String = token) async throws -> Sent {
                try await Self.post(standIn.baseURL + "/v1/projects/\(account.projectId)/messages:send",
                                    headers: [("authorization", "Bearer \(bearer)"), ("content-type", "application/json")],
                                    body: CanonicalJSON.bytes(["message": message]), client: client)
            }
            #expect(try await send(["token": "t", "data": ["messageId": "m"]]).status == 200)
            #expect(try await send(["token": "t"], bearer: "ya29.made-up").status == 401)
            let notString = try await send(["token": "t", "data": ["count": 1]])
            #expect(notString.status == 400 && notString.json?["error"]?["status"] == "INVALID_ARGUMENT")
            #expect(try await send(["data": ["messageId": "m"]]).status == 400)
            standIn.expireAccessTokens()
            #expect(try await send(["token": "t"]).status == 401)
            #expect(standIn.accepted.count == 1)
        }
        }
    }

    /// Runs `body`, then `stop`, whatever happens.
    static func stopping(stop: () async throws -> Void, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            try await stop()
            throw error
        }
        try await stop()
    }
}
