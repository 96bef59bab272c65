import ArgumentParser
import XpediteClient
import XpediteProtocol

/// `xpedite device requests`: the start requests (the app's "Start" tab).
struct DeviceRequests: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "requests",
        abstract: "List the start requests the user may open (GET /device/requests)."
    )

    @ParentCommand var parent: Device
    var options: DeviceOptions { parent.options }

    func run() async throws {
        let device = try await options.signedInDevice()
        let entries = try await DeviceOutput.run { try await device.startRequests() }
        if options.json {
            print(CanonicalJSON.string(["requests": .array(entries.map(\.json))]))
            return
        }
        if entries.isEmpty { print("no start requests") }
        for entry in entries { print("\(entry.name)  \(entry.title): \(entry.body)  (\(entry.responseTopic))") }
    }
}
