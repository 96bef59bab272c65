import ArgumentParser
import XpediteProtocol

/// `xpedite notify schema`
struct NotifySchema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of notification payloads or response objects.",
        discussion: """
            The schema is generated from the same definitions `xpedite notify validate` checks
            against. Rules that span several keys (unique ids and button values, a default among
            the values or within the range) are checked only by the validator.

            Examples:
              xpedite notify schema > notify-payload.schema.json
              xpedite notify schema --document response
            """
    )

    @Option(help: "What the schema describes: payload (default) or response.")
    var document: NotifySchemaGenerator.Document = .payload

    func run() {
        print(CanonicalJSON.string(NotifySchemaGenerator.schema(for: document), pretty: true))
    }
}

extension NotifySchemaGenerator.Document: ExpressibleByArgument {}
