import ArgumentParser

/// `xpedite notify devices revoke USER DEVICE_ID`: revokes a device (`DELETE
/// /notify/v1/users/USER/devices/DEVICE_ID`): its token stops working and its pending pushes are
/// dropped; exits 1 when the user has no such device.
struct NotifyDevicesRevoke: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Revoke a user's device.")

    @Argument(help: "The user's username.")
    var username: String

    @Argument(help: "The device's deviceId (as `devices list` shows it).")
    var deviceId: String

    @OptionGroup var options: NotifyServerOptions

    func run() async throws {
        _ = try await options.answer("users/" + NotifyServerOptions.segment(username) + "/devices/" + NotifyServerOptions.segment(deviceId),
                                     method: .DELETE, expected: 204)
        print("revoked \(deviceId) of \(username)")
    }
}
