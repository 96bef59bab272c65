import Crypto
import Foundation
import NIOHTTP1
import Testing
import XpediteProtocol
import XpeditePushStandIns

/// `xpedite notify serve` with the APNs options: a send reaches a (stand-in) APNs over HTTP/2 and
/// TLS, trusted through `--push-ca-file`, exactly as a deployment configures Apple's.
@Suite struct NotifyServePushTests {
    @Test func theApnsOptionsSendPushesToTheConfiguredService() async throws {
        let folder = try TemporaryDirectory("notify-serve-push")
        let key = P256.Signing.PrivateKey()
        let apns = APNsStandIn(publicKey: key.publicKey, keyId: "ABC123DEFG", teamId: "DEF123GHIJ", topic: "com.example.field")
        try await apns.start()
        let keyFile = folder.appendingPathComponent("AuthKey.p8")
        try Data(key.pemRepresentation.utf8).write(to: keyFile)
        let apiKey = NotifyServerReliabilityTests.apiKey
        let command = try XpediteBinary.command([
            "notify", "serve", "--data-dir", folder.appendingPathComponent("data").path, "--port", "0", "--api-key", apiKey,
            "--bcrypt-cost", "4", "--apns-key-file", keyFile.path, "--apns-key-id", "ABC123DEFG", "--apns-team-id", "DEF123GHIJ",
            "--apns-topic", "com.example.field", "--apns-url", apns.baseURL, "--push-ca-file", StandInTLS.caFile,
        ])
        let deviceToken = String(repeating: "0f", count: 32)
        try await command.withRunning { child in
            let listening = try await child.firstLine(timeout: .seconds(30)) { $0.hasPrefix("listening on ") }
            let port = try #require(listening.flatMap { Int($0.dropFirst("listening on ".count)) })
            let base = "http://127.0.0.1:\(port)/notify/v1"
            let call = NotifyServerReliabilityTests.request
            #expect(try await call(.PUT, base + "/users/joe", apiKey, ["password": "pw"], 20).status == 200)
            #expect(try await call(.POST, base + "/device/login", "", [
                "username": "joe", "password": "pw", "deviceId": "iphone", "deviceName": "iPhone", "platform": "ios",
                "pushToken": .string(deviceToken),
            ], 20).status == 200)
            let sent = try await call(.POST, base + "/send", apiKey, [
                "title": "Inspection", "body": "Unit 7", "to": ["users": ["joe"]],
                "payload": ["responseTopic": "/a", "fields": [["id": "ok", "type": "checkbox", "checkboxLabel": "Done"]]],
            ], 20)
            #expect(sent.status == 201)
            let deadline = ContinuousClock.now.advanced(by: .seconds(20))
            while apns.accepted.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
            let push = try #require(apns.accepted.first)
            #expect(push.deviceToken == deviceToken)
            #expect(push.isHTTP2)
            #expect(push.body["messageId"] == sent.json["messageId"])
            #expect(push.body["aps"]?["alert"]?["title"] == "Inspection")
        }
        try await apns.stop()
    }

    @Test func aMissingApnsSettingStopsTheServerAtStartUp() async throws {
        let folder = try TemporaryDirectory("notify-serve-push-bad")
        let result = try await XpediteBinary.run([
            "notify", "serve", "--data-dir", folder.url.path, "--port", "0", "--api-key", "k",
            "--apns-key-file", folder.appendingPathComponent("missing.p8").path, "--apns-key-id", "A", "--apns-team-id", "T",
            "--apns-topic", "com.example.field",
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("xpedite: push configuration: cannot read the APNs key"))
    }
}
