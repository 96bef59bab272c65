import Foundation
import Testing
import XpediteClient
import XpediteProtocol

/// Logging in, the kept device token, logging out and the push token.
@Suite struct DeviceSessionTests {
    @Test func loginRegistersTheDeviceAndTheTokenIsKeptOnDisk() async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            try await backend.user("joe")
            let device = try await backend.device()
            #expect(await !device.isLoggedIn)
            try await device.login(username: "joe", password: "secret")
            #expect(await device.username == "joe")
            let users = try await backend.call(.get, "/users").json["users"]?.arrayValue ?? []
            #expect(users.first?["devices"] == 1)
            // The token is a credential: its file and folder are the owner's only.
            let folder = harness.folder.appendingPathComponent("phone")
            let fileMode = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("xpedite-device.sqlite").path)[.posixPermissions] as? Int
            let folderMode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
            #expect(fileMode == 0o600)
            #expect(folderMode == 0o700)

            // The next run (same data directory) has the same device id and token: no new login.
            let counting = SwitchableTransport(RouterTransport(client: backend.client))
            let again = try await backend.device(transport: counting)
            #expect(await again.deviceId == device.deviceId)
            #expect(await again.isLoggedIn)
            try await again.signIn(username: "joe", password: "secret")
            _ = try await again.inbox()
            #expect(counting.delivered == ["GET device/inbox"])
        }
    }

    @Test func aWrongPasswordIsA401WithTheServersErrorObject() async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            try await backend.user("joe")
            let device = try await backend.device()
            let error = await #expect(throws: DeviceError.self) { try await device.login(username: "joe", password: "nope") }
            #expect(error?.status == 401)
            #expect(error?.code == "unauthorized")
            #expect(await !device.isLoggedIn)
            await #expect(throws: DeviceError.self) { try await device.inbox() }
        }
    }

    @Test func logoutEndsTheTokenAndSignInRenewsAStaleOne() async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            try await backend.user("joe")
            let first = try await backend.device()
            try await first.login(username: "joe", password: "secret")
            try await first.setPushToken("push-1")

            // Another client on the same phone logs the token out; the first one, holding the
            // credentials, logs in again on the 401 and carries on.
            let second = try await backend.device()
            try await second.logout()
            #expect(await !second.isLoggedIn)
            #expect(try await first.inbox().isEmpty)
            #expect(await first.isLoggedIn)

            // Without credentials a dead token is the server's 401.
            let holder = try await backend.device("other")
            try await holder.login(username: "joe", password: "secret")
            let restored = try await backend.device("other")    // the token from disk, no credentials
            try await holder.logout()
            let error = await #expect(throws: DeviceError.self) { try await restored.inbox() }
            #expect(error?.status == 401)
        }
    }
}
