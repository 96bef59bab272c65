import ArgumentParser

/// `xpedite notify users list|show|put|delete`: the users of a running server.
struct NotifyUsers: AsyncParsableCommand, NotifyResource {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "List users, show a user's devices, put and delete users of a running server.",
        discussion: """
            show NAME lists the user's devices (GET /notify/v1/users/NAME/devices); put NAME FILE \
            sends the file as it is ({"password", "displayName"?, "groups"?}). Exits 1 when the \
            server refuses (its error and paths on stderr), 2 when it cannot be reached.

            Example:
              xpedite notify users put joe joe.json --server http://127.0.0.1:8090 --api-key K
            """,
        subcommands: [NotifyResourceList<Self>.self, NotifyResourceShow<Self>.self, NotifyResourcePut<Self>.self,
                      NotifyResourceDelete<Self>.self]
    )
    static let path = "users"
    static let noun = "user"

    static func showPath(_ name: String) -> String { "users/" + NotifyServerOptions.segment(name) + "/devices" }
}
