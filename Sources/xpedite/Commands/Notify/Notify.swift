import ArgumentParser

/// `xpedite notify …`: the notification half (PROTOCOL.md §9, NOTIFY-API.md).
struct Notify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Work with notification payloads and response objects (PROTOCOL.md §9).",
        discussion: """
            Examples:
              xpedite notify validate payload.json
              xpedite notify validate --response --payload payload.json response.json
              xpedite notify schema > notify-payload.schema.json
            """,
        subcommands: [NotifyValidate.self, NotifySchema.self]
    )
}
