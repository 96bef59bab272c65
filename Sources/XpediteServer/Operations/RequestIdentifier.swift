import Logging

/// The id that ties a request's log lines together: Hummingbird's `hb.request.id` when the
/// request came through a Hummingbird application, else a fresh random one.
enum RequestIdentifier {
    static func make(from logger: Logger?) -> String {
        if let id = logger?[metadataKey: "hb.request.id"] { return id.description }
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
