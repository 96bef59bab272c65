import ArgumentParser
import Foundation
import XpediteProtocol

/// `xpedite notify messages list`: a page of `GET /notify/v1/messages`, one message a line (sent
/// time, state, answered/recipients, delivered/pushes, id, title); when there are more, the
/// `--after` of the next page on stderr.
struct NotifyMessagesList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List sent messages, newest first.")

    @Option(name: .customLong("q"), help: "Only messages whose title or body contains this text (without case).")
    var text: String?

    @Option(help: "Only messages in this state: active, withdrawn or expired.")
    var state: String?

    @Option(name: .customLong("payload-name"), help: "Only messages sent by this named payload's name.")
    var payloadName: String?

    @Option(help: "Only messages this user received.")
    var username: String?

    @Option(help: "Only messages sent at or after this RFC 3339 time.")
    var since: String?

    @Option(help: "Only messages sent before this RFC 3339 time.")
    var until: String?

    @Option(help: "At most this many, 1 to 200 (50 by default).")
    var limit: Int?

    @Option(help: "The page after this one (printed on stderr by the previous page).")
    var after: String?

    @Flag(help: "Print the server's JSON answer.")
    var json = false

    @OptionGroup var options: NotifyServerOptions

    /// The path with its query.
    var path: String {
        var components = URLComponents()
        components.path = "messages"
        let items: [(String, String?)] = [
            ("q", text), ("state", state), ("payloadName", payloadName), ("username", username), ("since", since),
            ("until", until), ("limit", limit.map(String.init)), ("after", after),
        ]
        let query = items.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
        components.queryItems = query.isEmpty ? nil : query
        // `+` means a space in a query: an offset such as +02:00 is sent encoded.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.string ?? "messages"
    }

    func run() async throws {
        let answer = try await options.answer(path, expected: 200)
        if json {
            print(CanonicalJSON.string(answer ?? .null))
            return
        }
        let messages = answer?["messages"]?.arrayValue ?? []
        if messages.isEmpty { print("no messages") }
        for message in messages {
            let recipients = message["recipients"]
            let deliveries = message["deliveries"]
            let pushes = ["pending", "delivered", "gone", "failed"].compactMap { deliveries?[$0]?.numberValue }.reduce(0, +)
            let counts = "\(Self.count(recipients?["answered"]))/\(Self.count(recipients?["total"])) answered"
            let delivered = "\(Self.count(deliveries?["delivered"]))/\(Int(pushes)) delivered"
            print([message["sentAt"]?.stringValue ?? "", message["state"]?.stringValue ?? "", counts, delivered,
                   message["messageId"]?.stringValue ?? "", message["title"]?.stringValue ?? ""].joined(separator: "\t"))
        }
        if let next = answer?["next"]?.stringValue {
            var standardError = StandardError()
            print("more: --after \(next)", to: &standardError)
        }
    }

    /// A count member as text.
    static func count(_ value: JSONValue?) -> Int {
        Int(value?.numberValue ?? 0)
    }
}
