import ArgumentParser
import Foundation
import XpediteNotifyClient
import XpediteProtocol

/// `xpedite notify send`: sends a payload to users through `POST /notify/v1/send`, with the
/// client generated from the contract (XpediteNotifyClient).
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
              xpedite notify send --server URL --api-key K --to user:joe --expires-at 2026-12-01T18:00:00Z \\
                --title T --body B payload.json
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

    @Option(name: .customLong("expires-at"),
            help: "An RFC 3339 time (2026-12-01T18:00:00Z) after which the message is withdrawn by itself.")
    var expiresAt: String?

    @Argument(help: "The payload file; - reads standard input.")
    var file: String

    func validate() throws {
        _ = try target()
        _ = try expiry()
        if key() == nil { throw ValidationError("give --api-key or set XPEDITE_API_KEY.") }
    }

    func key() -> String? {
        let key = apiKey ?? ProcessInfo.processInfo.environment["XPEDITE_API_KEY"]
        return key?.isEmpty == false ? key : nil
    }

    /// The `expiresAt` from --expires-at.
    func expiry() throws -> Date? {
        guard let expiresAt else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: expiresAt) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = formatter.date(from: expiresAt) else {
            throw ValidationError("--expires-at \(expiresAt): expected an RFC 3339 time such as 2026-12-01T18:00:00Z.")
        }
        return date
    }

    /// The `to` object from the --to options.
    func target() throws -> Components.Schemas.Recipients {
        var users: [String] = []
        var groups: [String] = []
        var all = false
        for recipient in recipients {
            if recipient == "all" {
                all = true
            } else if recipient.hasPrefix("user:"), recipient.count > 5 {
                users.append(String(recipient.dropFirst(5)))
            } else if recipient.hasPrefix("group:"), recipient.count > 6 {
                groups.append(String(recipient.dropFirst(6)))
            } else {
                throw ValidationError("--to \(recipient): expected user:NAME, group:NAME or all.")
            }
        }
        switch (users.isEmpty, groups.isEmpty, all) {
        case (false, true, false): return .case1(.init(users: users))
        case (true, false, false): return .case2(.init(groups: groups))
        case (true, true, true): return .case3(.init(all: true))
        case (true, true, false): throw ValidationError("give at least one --to.")
        default: throw ValidationError("--to takes users, groups or all, one kind per send (docs/notify-api.md).")
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
        guard let client = NotifyClientAnswers.client(server, apiKey: key() ?? "") else {
            print("--server \(server): expected http://HOST:PORT", to: &standardError)
            throw ExitCode(2)
        }
        let request = Components.Schemas.SendRequest(title: title, body: body, payload: payload, to: try target(), direct: direct,
                                                     expiresAt: try expiry())
        let output: Operations.Send.Output
        do {
            output = try await client.send(body: .json(request))
        } catch {
            print("\(server): \(error)", to: &standardError)
            throw ExitCode(2)
        }
        let refusal: String
        switch output {
        case .created(let created):
            print(CanonicalJSON.string(try JSONValueEncoder().encode(try created.body.json)))
            return
        case .badRequest(let answer): refusal = NotifyClientAnswers.describe(400, try answer.body.json)
        case .unauthorized(let answer): refusal = NotifyClientAnswers.describe(401, try answer.body.json)
        case .notFound(let answer): refusal = NotifyClientAnswers.describe(404, try answer.body.json)
        case .contentTooLarge(let answer): refusal = NotifyClientAnswers.describe(413, try answer.body.json)
        case .unprocessableContent(let answer): refusal = NotifyClientAnswers.describe(422, try answer.body.json)
        case .undocumented(let status, let payload):
            refusal = NotifyClientAnswers.describe(status, await NotifyClientAnswers.errorObject(payload))
        }
        print(refusal, to: &standardError)
        throw ExitCode(1)
    }
}
