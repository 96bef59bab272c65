import ArgumentParser
import Foundation
import NIOHTTP1
import XpediteProtocol

/// `xpedite notify send`: sends a payload to users through `POST /notify/v1/send`.
struct NotifySend: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send a notification payload to users, groups or everyone.",
        discussion: """
            The payload file is checked locally first (as `xpedite notify validate` does), then sent. \
            Prints the server's answer, {"messageId", "recipients", "deliveries"}, as JSON.

            Exit status: 0 when sent, 1 when the payload or the request was refused, 2 when the file \
            cannot be read or the server cannot be reached.

            Examples:
              xpedite notify send --server http://127.0.0.1:8090 --api-key K --to user:joe --to group:field \\
                --title "Colour" --body "Pick one" payload.json
              xpedite notify send --server URL --api-key K --to all --direct --title T --body B payload.json
            """
    )

    @Option(help: "The server's base URL, http://HOST:PORT.")
    var server: String

    @Option(name: .customLong("api-key"), help: "The backend API key (default: $XPEDITE_API_KEY).")
    var apiKey: String?

    @Option(name: .customLong("to"), help: "A recipient: user:NAME, group:NAME or all (repeatable; users or groups, not both).")
    var recipients: [String] = []

    @Option(help: "The push's title.")
    var title: String

    @Option(help: "The push's body.")
    var body: String

    @Flag(help: "Ask for the payload inside the push when it fits.")
    var direct = false

    @Argument(help: "The payload file; - reads standard input.")
    var file: String

    func validate() throws {
        _ = try target()
        if key() == nil { throw ValidationError("give --api-key or set XPEDITE_API_KEY.") }
    }

    func key() -> String? {
        let key = apiKey ?? ProcessInfo.processInfo.environment["XPEDITE_API_KEY"]
        return key?.isEmpty == false ? key : nil
    }

    /// The `to` object from the --to options.
    func target() throws -> JSONValue {
        var users: [JSONValue] = []
        var groups: [JSONValue] = []
        var all = false
        for recipient in recipients {
            if recipient == "all" {
                all = true
            } else if recipient.hasPrefix("user:"), recipient.count > 5 {
                users.append(.string(String(recipient.dropFirst(5))))
            } else if recipient.hasPrefix("group:"), recipient.count > 6 {
                groups.append(.string(String(recipient.dropFirst(6))))
            } else {
                throw ValidationError("--to \(recipient): expected user:NAME, group:NAME or all.")
            }
        }
        switch (users.isEmpty, groups.isEmpty, all) {
        case (false, true, false): return ["users": .array(users)]
        case (true, false, false): return ["groups": .array(groups)]
        case (true, true, true): return ["all": true]
        case (true, true, false): throw ValidationError("give at least one --to.")
        default: throw ValidationError("--to takes users, groups or all, one kind per send (NOTIFY-API.md §2).")
        }
    }

    func run() async throws {
        var standardError = StandardError()
        let data: Data
        do {
            data = try PacketInput.read(file)
        } catch {
            print("\(PacketInput.label(file)): \(error)", to: &standardError)
            throw ExitCode(2)
        }
        let payload: JSONValue
        do {
            payload = try JSONValue(parsing: data)
        } catch {
            print("\(PacketInput.label(file)): \(error)", to: &standardError)
            throw ExitCode(2)
        }
        let report = PayloadValidator().validate(payload)
        if !report.isValid {
            for issue in report.issues.errors { print("\(PacketInput.label(file)): \(issue)", to: &standardError) }
            throw ExitCode(1)
        }
        let http = NotifyHTTP(server: server, apiKey: key() ?? "")
        let request = http.request("send", method: .POST, body: [
            "title": .string(title), "body": .string(body), "payload": payload, "to": try target(), "direct": .bool(direct),
        ])
        let answer: (status: UInt, json: JSONValue?)
        do {
            answer = try await http.send(request)
        } catch {
            print("\(server): \(error)", to: &standardError)
            throw ExitCode(2)
        }
        guard answer.status == 201, let json = answer.json else {
            print(NotifyHTTP.describe(status: answer.status, json: answer.json), to: &standardError)
            throw ExitCode(1)
        }
        print(CanonicalJSON.string(json))
    }
}
