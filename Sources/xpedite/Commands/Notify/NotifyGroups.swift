import ArgumentParser

/// `xpedite notify groups list|show|put|delete`: the groups of a running server.
struct NotifyGroups: AsyncParsableCommand, NotifyResource {
    static let configuration = CommandConfiguration(
        commandName: "groups",
        abstract: "List, show, put and delete the groups of a running server.",
        discussion: """
            put NAME FILE replaces the group's members with the file's ({"members": ["joe", …]}); \
            delete removes the group, never its users. Exits 1 when the server refuses (its error \
            and paths on stderr), 2 when it cannot be reached.

            Example:
              xpedite notify groups show field --server http://127.0.0.1:8090 --api-key K
            """,
        subcommands: [NotifyResourceList<Self>.self, NotifyResourceShow<Self>.self, NotifyResourcePut<Self>.self,
                      NotifyResourceDelete<Self>.self]
    )
    static let path = "groups"
    static let noun = "group"
}
