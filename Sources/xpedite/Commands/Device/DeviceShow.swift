import ArgumentParser
import XpediteClient
import XpediteProtocol

/// `xpedite device show ID`: a message's payload as a readable form.
struct DeviceShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a message's payload as a form: each field with its type, label, default and choices.",
        discussion: "With --request, ID names a start request instead. --json prints the message with its payload."
    )

    @ParentCommand var parent: Device
    var options: DeviceOptions { parent.options }

    @Flag(help: "ID is a start request's name.")
    var request = false

    @Argument(help: "The message id (or start request name).")
    var id: String

    func run() async throws {
        let device = try await options.signedInDevice()
        let message = try await DeviceOutput.run {
            request ? try await device.startRequest(id) : try await device.message(id)
        }
        print(options.json ? CanonicalJSON.string(message.json) : DeviceFormText.render(message))
    }
}
