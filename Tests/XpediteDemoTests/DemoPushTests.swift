import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import XpediteDemo
import XpediteNotify
import XpeditePush
import XpediteServer
import XpeditePushStandIns
import XpediteTestFixtures

/// The demo's approval payload reaches real phones: APNs and FCM configured through the
/// environment (docs/push.md), pointed at local stand-ins that check every request as Apple
/// and Google do.
@Suite struct DemoPushTests {
    static let iPhoneToken = String(repeating: "a1b2c3d4", count: 8)
    static let androidToken = "fcm-registration-token-of-the-pixel"

    @Test func theApprovalIsPushedToAnIPhoneAndAnAndroidPhoneAndAGoneIPhoneGetsNoMore() async throws {
        let folder = try TemporaryDirectory("demo-push")
        let key = P256.Signing.PrivateKey()
        let apns = APNsStandIn(publicKey: key.publicKey, keyId: "ABC123DEFG", teamId: "DEF123GHIJ", topic: "dev.xpedite.demo")
        let account = try ThrowawayServiceAccount()
        let fcm = FCMStandIn(account: account)
        try await apns.start()
        try await fcm.start()
        let keyFile = folder.appendingPathComponent("AuthKey_ABC123DEFG.p8")
        try Data(key.pemRepresentation.utf8).write(to: keyFile)
        let accountFile = try account.write(to: folder.appendingPathComponent("service-account.json"), tokenURI: fcm.tokenURL)
        let settings = try PushSettings(environment: [
            "XPEDITE_APNS_KEY_FILE": keyFile.path, "XPEDITE_APNS_KEY_ID": "ABC123DEFG", "XPEDITE_APNS_TEAM_ID": "DEF123GHIJ",
            "XPEDITE_APNS_TOPIC": "dev.xpedite.demo", "XPEDITE_APNS_URL": apns.baseURL,
            "XPEDITE_FCM_SERVICE_ACCOUNT": accountFile, "XPEDITE_FCM_URL": fcm.baseURL,
            "XPEDITE_PUSH_CA_FILE": StandInTLS.caFile,
        ])
        let http = try settings.makeHTTPClient()
        let providers = try settings.makeProviders(httpClient: http, logger: Logger(label: "demo-push-test"))
        #expect(providers.keys.sorted() == ["android", "ios"])
        do {
            try await withDemo(configure: { $0.pushProviders = providers }) { client in
                try await Self.approvalsReachBothPhones(client, apns: apns, fcm: fcm)
            }
        } catch {
            try await http.shutdown()
            throw error
        }
        try await http.shutdown()
        try await apns.stop()
        try await fcm.stop()
    }

    static func approvalsReachBothPhones(_ client: any TestClientProtocol, apns: APNsStandIn, fcm: FCMStandIn) async throws {
        let notify = NotifyTestClient(client: client)
        let token = try await client.signedIn()
        let iPhone = try await Self.login(notify, deviceId: "iphone", platform: "ios", pushToken: iPhoneToken)
        _ = try await Self.login(notify, deviceId: "pixel", platform: "android", pushToken: androidToken)

        // A credit limit above €50,000: the approval is pushed to both phones.
        _ = try await DemoApprovalTests.save(limit: 75_000, client, token)
        let messageId = try #require(try await notify.inbox(iPhone).first?["messageId"]?.stringValue)
        try await Self.waitUntil { apns.accepted.count == 1 && fcm.accepted.count == 1 }
        let push = try #require(apns.accepted.first)
        #expect(push.deviceToken == iPhoneToken)
        #expect(push.topic == "dev.xpedite.demo")
        #expect(push.body["aps"]?["alert"]?["title"] == "Approve a credit limit for Ada Lovelace")
        #expect(push.body["messageId"] == .string(messageId))
        let message = try #require(fcm.accepted.first)
        #expect(message.token == androidToken)
        #expect(message.title == "Approve a credit limit for Ada Lovelace")
        #expect(message.data["messageId"] == messageId)

        // The iPhone's app was removed: APNs answers 410. Its delivery is gone, its push target removed.
        apns.setBehaviour(.unregistered)
        _ = try await Self.saveLimit(80_000, customer: 8, client, token)
        try await Self.waitUntil { fcm.accepted.count == 2 }
        try await Self.waitUntil {
            let devices = try await notify.call(.get, "/users/\(DemoAccount.username)/devices", token: testAPIKey)
            return devices.json["devices"]?.arrayValue?.first { $0["deviceId"] == "iphone" }?["pushTarget"] == false
        }
        let devices = try await notify.call(.get, "/users/\(DemoAccount.username)/devices", token: testAPIKey)
        #expect(devices.json["devices"]?.arrayValue?.first { $0["deviceId"] == "pixel" }?["pushTarget"] == true)
        let requestsSoFar = apns.requestCount

        // The next approval goes to the Android phone only.
        _ = try await Self.saveLimit(90_000, customer: 9, client, token)
        try await Self.waitUntil { fcm.accepted.count == 3 }
        let third = try #require(try await notify.inbox(iPhone).first?["messageId"]?.stringValue)
        try await Self.waitUntil {
            let sent = try await notify.call(.get, "/messages/\(third)", token: testAPIKey)
            return sent.json["deliveries"]?.arrayValue?.allSatisfy { $0["state"] != "pending" } == true
        }
        let sent = try await notify.call(.get, "/messages/\(third)", token: testAPIKey)
        let iPhoneDelivery = sent.json["deliveries"]?.arrayValue?.first { $0["deviceId"] == "iphone" }
        #expect(iPhoneDelivery?["state"] == "failed")
        #expect(iPhoneDelivery?["lastError"] == "the device has no push token")
        #expect(apns.requestCount == requestsSoFar)
    }

    static func login(_ notify: NotifyTestClient, deviceId: String, platform: String, pushToken: String) async throws -> String {
        let answer = try await notify.call(.post, "/device/login", token: nil, body: [
            "username": .string(DemoAccount.username), "password": .string(DemoAccount.password),
            "deviceId": .string(deviceId), "deviceName": .string(deviceId), "platform": .string(platform),
            "pushToken": .string(pushToken),
        ])
        #expect(answer.status == .ok)
        return try #require(answer.json["deviceToken"]?.stringValue)
    }

    /// Saves `customer` with a new credit limit.
    static func saveLimit(_ limit: Int, customer: Int, _ client: any TestClientProtocol, _ token: String) async throws -> JSONValue {
        try await client.call("saveCustomer", token, [
            "parameters": ["id": .number(Double(customer))],
            "formdata": ["customer": DemoCustomerEditTests.form(["creditLimit": .string(String(limit))])],
        ])
    }

    static func waitUntil(_ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(20))
        while try await !condition() {
            guard ContinuousClock.now < deadline else { throw PushWaitTimeout() }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

struct PushWaitTimeout: Error, CustomStringConvertible {
    var description: String { "a push did not arrive within 20 s" }
}
