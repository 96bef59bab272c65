import ArgumentParser
import XpediteClient
import XpediteProtocol

/// `xpedite device inbox`: the user's unanswered messages, newest first.
struct DeviceInbox: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inbox",
        abstract: "List the unanswered messages (GET /device/inbox), newest first.",
        discussion: "Each message's payload is fetched and kept too, so it can be answered while the server is unreachable."
    )

    @ParentCommand var parent: Device
    var options: DeviceOptions { parent.options }

    func run() async throws {
        let device = try await options.signedInDevice()
        let entries = try await DeviceOutput.run { () async throws -> [InboxEntry] in
            let entries = try await device.inbox()
            for entry in entries { _ = try await device.message(entry.messageId) }
            return entries
        }
        if options.json {
            print(CanonicalJSON.string(["messages": .array(entries.map(\.json))]))
            return
        }
        if entries.isEmpty { print("no unanswered messages") }
        for entry in entries {
            print("\(entry.messageId)  \(entry.sentAt)  \(entry.title): \(entry.body)  (\(entry.responseTopic))")
        }
        try await DeviceOutbox.mention(device)
    }
}
