import ArgumentParser
import XpediteClient
import XpediteProtocol

/// `xpedite device outbox`: the responses waiting to be sent. Reads the data directory only.
struct DeviceOutbox: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox",
        abstract: "List the queued responses with their last error (no request is made)."
    )

    @ParentCommand var parent: Device
    var options: DeviceOptions { parent.options }

    func run() async throws {
        let device = try await options.device()
        let queued = try await device.outbox()
        if options.json {
            print(CanonicalJSON.string(["outbox": .array(queued.map(\.json))]))
            return
        }
        if queued.isEmpty { print("the outbox is empty") }
        for entry in queued { print(Self.line(entry)) }
    }

    /// `responseId  message M  queued at  N attempts  last error`.
    static func line(_ entry: QueuedResponse) -> String {
        var parts = [entry.responseId, entry.messageId.map { "message \($0)" } ?? "request \(entry.request ?? "")",
                     "queued \(entry.json["queuedAt"]?.stringValue ?? "")",
                     entry.attempts == 1 ? "1 attempt" : "\(entry.attempts) attempts"]
        if let error = entry.lastError { parts.append(error.description.replacingOccurrences(of: "\n", with: "\n    ")) }
        return parts.joined(separator: "  ")
    }

    /// A note on standard output when responses are waiting.
    static func mention(_ device: DeviceClient) async throws {
        let count = try await device.outbox().count
        if count > 0 { print("\(count) response(s) queued; sent with `xpedite device flush`") }
    }
}
