import ArgumentParser
import XpediteProtocol

/// `xpedite notify payloads list|show|put|delete`: the named payloads of a running server.
struct NotifyPayloads: AsyncParsableCommand, NotifyResource {
    static let configuration = CommandConfiguration(
        commandName: "payloads",
        abstract: "List, show, put and delete the named payloads of a running server.",
        discussion: """
            put NAME FILE sends the file's payload ({"payload": {…}}, or the payload itself). \
            Exits 1 when the server refuses (its error and paths on stderr), 2 when it cannot be reached.

            Examples:
              xpedite notify payloads list --server http://127.0.0.1:8090 --api-key K
              xpedite notify payloads put colour colour.json --server http://127.0.0.1:8090 --api-key K
            """,
        subcommands: [NotifyResourceList<Self>.self, NotifyResourceShow<Self>.self, NotifyResourcePut<Self>.self,
                      NotifyResourceDelete<Self>.self]
    )
    static let path = "payloads"
    static let noun = "named payload"

    /// The file's `{"payload": …}`, or its whole JSON as the payload.
    static func putBody(_ file: JSONValue) -> JSONValue {
        file["payload"] != nil ? file : .object(["payload": file])
    }
}
