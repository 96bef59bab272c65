import ArgumentParser
import XpediteClient
import XpediteProtocol

/// `xpedite device flush`: sends the queued responses.
struct DeviceFlush: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flush",
        abstract: "Send the queued responses, each with its own responseId (the server publishes each once).",
        discussion: """
            Photos queued with a response are uploaded first (each once), then the response is sent. \
            Prints each response object sent. A response the server refuses (422, 409), or whose photo it \
            refuses (413, 422), stays queued with its error (see `xpedite device outbox`; remove it with \
            `xpedite device discard`). Exit status: 0 when the outbox is empty after, 1 when \
            the server refused some, 2 when it cannot be reached.
            """
    )

    @ParentCommand var parent: Device
    var options: DeviceOptions { parent.options }

    func run() async throws {
        let device = try await options.signedInDevice()
        let report = try await DeviceOutput.run { try await device.flushOutbox() }
        for response in report.sent { print(CanonicalJSON.string(response)) }
        if !options.json { print("sent \(report.sent.count), refused \(report.refused.count), still queued \(report.remaining)") }
        for entry in report.refused {
            var standardError = StandardError()
            print("xpedite device: \(DeviceOutbox.line(entry))", to: &standardError)
        }
        if report.unreachable { throw DeviceOutput.fail("the server cannot be reached; \(report.remaining) still queued", status: 2) }
        if !report.refused.isEmpty { throw ExitCode(1) }
    }
}
