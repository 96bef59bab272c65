import ArgumentParser

/// The `xpedite` command-line tool.
@main
struct Xpedite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xpedite",
        abstract: "Tools for the Xpedite server-driven mobile protocol.",
        discussion: """
            Validate and normalise packets, print the protocol's JSON Schema.

            Examples:
              xpedite validate screen.json
              xpedite normalize old-screen.json
              xpedite schema > xpedite.schema.json
            """,
        subcommands: [Validate.self, Normalize.self, Schema.self, Layout.self]
    )
}
