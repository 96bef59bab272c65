import ArgumentParser

/// `xpedite notify requests list|show|put|delete`: the start requests of a running server.
struct NotifyRequests: AsyncParsableCommand, NotifyResource {
    static let configuration = CommandConfiguration(
        commandName: "requests",
        abstract: "List, show, put and delete the start requests of a running server.",
        discussion: """
            put NAME FILE sends the file as it is ({"title", "body", "responseTopic", "fields", "state"?}). \
            Exits 1 when the server refuses (its error and paths on stderr), 2 when it cannot be reached.

            Example:
              xpedite notify requests put survey survey.json --server http://127.0.0.1:8090 --api-key K
            """,
        subcommands: [NotifyResourceList<Self>.self, NotifyResourceShow<Self>.self, NotifyResourcePut<Self>.self,
                      NotifyResourceDelete<Self>.self]
    )
    static let path = "requests"
    static let noun = "start request"
}
