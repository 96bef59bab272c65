import ArgumentParser

/// `xpedite notify messages …`: the sent messages of a running server (docs/notify-api.md#get-messages).
struct NotifyMessages: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "messages",
        abstract: "List the messages a running server sent, newest first.",
        discussion: """
            Examples:
              xpedite notify messages list --server http://127.0.0.1:8090 --api-key K
              xpedite notify messages list --q inspection --state active --limit 20 --server … --api-key K
            """,
        subcommands: [NotifyMessagesList.self]
    )
}
