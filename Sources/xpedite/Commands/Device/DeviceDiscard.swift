import ArgumentParser
import XpediteClient

/// `xpedite device discard RESPONSE_ID`: removes a queued response, and the media it cites, unsent.
struct DeviceDiscard: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discard",
        abstract: "Remove a queued response without sending it, with its photos kept on the device (no request is made).",
        discussion: """
            For a response the server refused (see `xpedite device outbox`), or one that should not be \
            sent after all. Photos it already uploaded stay on the server, cited by nothing. Exit status: \
            0 when it was removed, 1 when no queued response has this id.
            """
    )

    @ParentCommand var parent: Device
    var options: DeviceOptions { parent.options }

    @Argument(help: "The responseId of the queued response (as `xpedite device outbox` lists it).")
    var responseId: String

    func run() async throws {
        let device = try await options.device()
        let entry = try await device.outbox().first { $0.responseId == responseId }
        guard let entry, try await device.discard(responseId) else {
            throw DeviceOutput.fail("no queued response has the id \"\(responseId)\"; see `xpedite device outbox`", status: 1)
        }
        let media = entry.pendingMedia.isEmpty ? "" : " with " + DeviceOutbox.summary(of: entry.pendingMedia)
        print("discarded response \(responseId)\(media)")
    }
}
