import ArgumentParser
import XpediteClient

/// `xpedite device answer ID --value id=value…`: answers a message.
struct DeviceAnswer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "answer",
        abstract: "Answer a message: fill its fields, check them as the server will, and submit.",
        discussion: """
            Fields not given keep their default; optional ones are sent as null. Every value is checked \
            before sending, with the server's rules; a failure names its path, e.g. \
            `$.values.color: expected one of "Red", "Green", "Blue", got "Purple"`, and exits 1. \
            When the server cannot be reached, the response is queued on disk, with the --photo files, \
            and this says "queued; sent with `xpedite device flush`" (exit 0); the flush uploads the \
            photos first, then sends the response.
            """
    )

    @ParentCommand var parent: Device
    var options: DeviceOptions { parent.options }
    @OptionGroup var answer: AnswerOptions

    @Argument(help: "The message id.")
    var messageId: String

    func run() async throws {
        let device = try await options.signedInDevice()
        let message = try await DeviceOutput.run { try await device.message(messageId) }
        try await answer.answer(message, on: device, json: options.json)
    }
}
