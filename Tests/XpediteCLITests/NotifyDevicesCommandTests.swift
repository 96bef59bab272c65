import Foundation
import NIOHTTP1
import Testing
import XpediteProtocol

/// `xpedite notify devices list|revoke` against `xpedite notify serve`, both child processes.
@Suite(.serialized) struct NotifyDevicesCommandTests {
    @Test func aDeviceIsListedAndRevokedAndItsTokenStopsWorking() async throws {
        try await NotifyServerCommandTests.withServer { server, _ in
            let key = NotifyManageCommandTests.key
            let call = { @Sendable (method: HTTPMethod, url: String, token: String, body: JSONValue?) in
                try await NotifyServerReliabilityTests.request(method, url, token, body)
            }
            #expect(try await call(.PUT, server.base + "/users/joe", key, ["password": "pw"]).status == 200)
            let login = try await call(.POST, server.base + "/device/login", "", [
                "username": "joe", "password": "pw", "deviceId": "phone-1", "deviceName": "Phone", "platform": "android",
            ])
            let token = try #require(login.json["deviceToken"]?.stringValue)
            #expect(try await call(.GET, server.base + "/device/inbox", token, nil).status == 200)

            let listed = try await NotifyManageCommandTests.run(server, ["devices", "list", "joe"])
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(try JSONValue(parsing: listed.stdout)["devices"]?.arrayValue?.compactMap { $0["deviceId"]?.stringValue } == ["phone-1"])

            let revoked = try await NotifyManageCommandTests.run(server, ["devices", "revoke", "joe", "phone-1"])
            #expect(revoked.status == 0, "\(revoked.stderr)")
            #expect(revoked.stdout == "revoked phone-1 of joe\n")
            #expect(try await call(.GET, server.base + "/device/inbox", token, nil).status == 401)

            let again = try await NotifyManageCommandTests.run(server, ["devices", "revoke", "joe", "phone-1"])
            #expect(again.status == 1)
            #expect(again.stderr.contains("404") && again.stderr.contains("not_found"))
        }
    }
}
