import ArgumentParser

/// `xpedite notify operators …`: the console's operators on a running server (docs/console.md).
struct NotifyOperators: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "operators",
        abstract: "Add, list and remove the operators who sign in to the console (/notify/console/).",
        discussion: """
            Examples:
              xpedite notify operators add ann --role admin --server http://127.0.0.1:8090 --api-key K
              printf '%s\\n' "$PASSWORD" | xpedite notify operators add ann --role admin --password-stdin --server … --api-key K
              xpedite notify operators list --server http://127.0.0.1:8090 --api-key K
              xpedite notify operators remove ann --server http://127.0.0.1:8090 --api-key K
            """,
        subcommands: [NotifyOperatorsAdd.self, NotifyOperatorsList.self, NotifyOperatorsRemove.self]
    )
}
