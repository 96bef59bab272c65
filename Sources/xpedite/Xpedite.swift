import ArgumentParser

/// The `xpedite` command-line tool.
@main
struct Xpedite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xpedite",
        abstract: "Tools for the Xpedite server-driven mobile protocol.",
        discussion: """
            Serve the demo app, validate and normalise packets, lay out screens, print the
            protocol's JSON Schema.

            Examples:
              xpedite demo
              xpedite validate screen.json
              xpedite normalize old-screen.json
              xpedite layout screen.json --text
              xpedite schema > xpedite.schema.json
            """,
        subcommands: [Validate.self, Normalize.self, Schema.self, Layout.self, Demo.self, Client.self, Notify.self, Device.self,
                      Preview.self]
    )
}
