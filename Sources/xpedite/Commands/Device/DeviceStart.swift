import ArgumentParser
import XpediteClient

/// `xpedite device start NAME --value id=value…`: opens a start request and submits it.
struct DeviceStart: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Fill in and submit a start request (docs/notify-api.md#named-payloads-and-start-requests), as `answer` does for a message."
    )

    @ParentCommand var parent: Device
    var options: DeviceOptions { parent.options }
    @OptionGroup var answer: AnswerOptions

    @Argument(help: "The start request's name.")
    var name: String

    func run() async throws {
        let device = try await options.signedInDevice()
        let request = try await DeviceOutput.run { try await device.startRequest(name) }
        try await answer.answer(request, on: device, json: options.json)
    }
}
