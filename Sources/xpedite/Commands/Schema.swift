import ArgumentParser
import XpediteProtocol

/// `xpedite schema`
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema (draft 2020-12) of the protocol's new dialect.",
        discussion: """
            The schema is generated from the same definitions the validator checks against. It
            describes canonical packets (what `xpedite normalize` prints and what the SDK emits);
            rules that span several keys, such as duplicate component ids, are checked only by
            `xpedite validate`.

            Examples:
              xpedite schema > xpedite.schema.json
              xpedite schema --kind request
            """
    )

    @Option(help: "Only packets of this kind: request, response or data. Any packet by default.")
    var kind: PacketKind?

    func run() {
        print(CanonicalJSON.string(JSONSchemaGenerator.schema(for: kind), pretty: true))
    }
}
