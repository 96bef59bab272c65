import ArgumentParser

/// `xpedite notify devices …`: a user's devices on a running server (docs/notify-api.md#users-and-groups).
struct NotifyDevices: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List a user's devices, or revoke one (its sign-in stops working at once).",
        discussion: """
            Examples:
              xpedite notify devices list joe --server http://127.0.0.1:8090 --api-key K
              xpedite notify devices revoke joe PHONE-1 --server http://127.0.0.1:8090 --api-key K
            """,
        subcommands: [NotifyDevicesList.self, NotifyDevicesRevoke.self]
    )
}

/// `xpedite notify devices list USER`: `GET /notify/v1/users/USER/devices`, printed as JSON.
struct NotifyDevicesList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List a user's devices as JSON.")

    @Argument(help: "The user's username.")
    var username: String

    @OptionGroup var options: NotifyServerOptions

    func run() async throws {
        try await options.call("users/" + NotifyServerOptions.segment(username) + "/devices")
    }
}
