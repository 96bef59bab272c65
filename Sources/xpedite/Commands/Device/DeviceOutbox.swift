import ArgumentParser
import XpediteClient
import XpediteProtocol

/// `xpedite device outbox`: the responses waiting to be sent. Reads the data directory only.
struct DeviceOutbox: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox",
        abstract: "List the queued responses with their last error and their photos still to upload (no request is made)."
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

    /// `responseId  message M  queued at  N attempts  media  last error`.
    static func line(_ entry: QueuedResponse) -> String {
        var parts = [entry.responseId, entry.messageId.map { "message \($0)" } ?? "request \(entry.request ?? "")",
                     "queued \(entry.json["queuedAt"]?.stringValue ?? "")",
                     entry.attempts == 1 ? "1 attempt" : "\(entry.attempts) attempts"]
        if !entry.pendingMedia.isEmpty { parts.append(summary(of: entry.pendingMedia)) }
        if let error = entry.lastError { parts.append(error.description.replacingOccurrences(of: "\n", with: "\n    ")) }
        return parts.joined(separator: "  ")
    }

    /// `1 photo to upload (45 bytes)`, `2 media to upload (90 bytes), 1 already uploaded`: the media
    /// attached offline that a queued response cites.
    static func summary(of media: [PendingMedia]) -> String {
        let waiting = media.filter { $0.documentName == nil }
        var parts: [String] = []
        if !waiting.isEmpty {
            let noun = waiting.count == 1 ? noun(waiting[0].kind) : (Set(waiting.map(\.kind)) == [.image] ? "photos" : "media")
            let bytes = waiting.reduce(0) { $0 + $1.byteCount }
            parts.append("\(waiting.count) \(noun) to upload (\(bytes) byte\(bytes == 1 ? "" : "s"))")
        }
        let uploaded = media.count - waiting.count
        if uploaded > 0 { parts.append("\(uploaded) already uploaded") }
        return parts.joined(separator: ", ")
    }

    /// What one medium of `kind` is called.
    private static func noun(_ kind: MediaKind) -> String {
        switch kind {
        case .image: "photo"
        case .audio: "recording"
        case .video: "video"
        }
    }

    /// A note on standard output when responses are waiting.
    static func mention(_ device: DeviceClient) async throws {
        let count = try await device.outbox().count
        if count > 0 { print("\(count) response(s) queued; sent with `xpedite device flush`") }
    }
}
