import ArgumentParser
import Foundation
import XpediteProtocol

/// `xpedite notify deliveries`: the push and webhook outbox of a running server, or the
/// deliveries of one message.
struct NotifyDeliveries: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deliveries",
        abstract: "Show the delivery outbox: pending pushes and webhooks by provider, and recent problems.",
        discussion: """
            Without --message: for each provider (apns, fcm, webpush, log, webhook) how many \
            deliveries are pending and since when the oldest is due, then the latest deliveries \
            that went wrong (gone, failed, or waiting to retry) with the service's reason. With \
            --message ID: the message's state (active, withdrawn or expired) and every delivery of \
            that message with its state, attempts and last error \
            (GET /notify/v1/messages/ID). --json prints the server's answer as it is. Exits 1 when \
            the server refuses, 2 when it cannot be reached.

            Examples:
              xpedite notify deliveries --server http://127.0.0.1:8090 --api-key K
              xpedite notify deliveries --server http://127.0.0.1:8090 --api-key K --message 5c1e…
            """
    )

    @Option(help: "The server's base URL, http://HOST:PORT.")
    var server: String

    @Option(name: .customLong("api-key"), help: "The backend API key (default: $XPEDITE_API_KEY).")
    var apiKey: String?

    @Option(help: "One message's deliveries instead of the outbox.")
    var message: String?

    @Option(help: "How many recent problems to list (1…1000).")
    var limit: Int = 20

    @Flag(help: "Print the server's JSON answer.")
    var json = false

    func validate() throws {
        guard (1...1000).contains(limit) else { throw ValidationError("--limit must be 1…1000.") }
        if key() == nil { throw ValidationError("give --api-key or set XPEDITE_API_KEY.") }
    }

    func key() -> String? {
        let key = apiKey ?? ProcessInfo.processInfo.environment["XPEDITE_API_KEY"]
        return key?.isEmpty == false ? key : nil
    }

    func run() async throws {
        var standardError = StandardError()
        let http = NotifyHTTP(server: server, apiKey: key() ?? "")
        let path = message.map { "messages/" + ($0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0) }
            ?? "deliveries?limit=\(limit)"
        let answer: (status: UInt, json: JSONValue?)
        do {
            answer = try await http.send(http.request(path))
        } catch {
            print("\(server): \(error)", to: &standardError)
            throw ExitCode(2)
        }
        guard answer.status == 200, let body = answer.json else {
            print(NotifyHTTP.describe(status: answer.status, json: answer.json), to: &standardError)
            throw ExitCode(1)
        }
        if json {
            print(CanonicalJSON.string(body))
        } else if message != nil {
            print(Self.messageText(body))
        } else {
            print(Self.outboxText(body))
        }
    }

    /// The outbox as lines: providers, then problems.
    static func outboxText(_ body: JSONValue) -> String {
        var lines: [String] = []
        let lanes = body["outbox"]?.arrayValue ?? []
        if lanes.isEmpty { lines.append("outbox: nothing pending") }
        for lane in lanes {
            let oldest = lane["oldestDueAt"]?.stringValue.map { ", oldest due \($0)" } ?? ""
            lines.append("\(lane["provider"]?.stringValue ?? "?"): \(Self.number(lane["pending"])) pending\(oldest)")
        }
        let problems = body["recentProblems"]?.arrayValue ?? []
        lines.append(problems.isEmpty ? "recent problems: none" : "recent problems:")
        for problem in problems {
            var line = "  \(problem["at"]?.stringValue ?? "-") \(problem["provider"]?.stringValue ?? "?") "
                + "\(problem["target"]?.stringValue ?? "?") \(problem["state"]?.stringValue ?? "?") "
                + "after \(Self.number(problem["attempts"])) attempt(s)"
            if let messageId = problem["messageId"]?.stringValue { line += " message \(messageId)" }
            if let error = problem["lastError"]?.stringValue { line += ": \(error)" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// One message's deliveries as lines.
    static func messageText(_ body: JSONValue) -> String {
        var lines = ["message \(body["messageId"]?.stringValue ?? "?") \"\(body["title"]?.stringValue ?? "")\""]
        if let state = body["state"]?.stringValue, state != "active" {
            let reason = body["reason"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }.map { ": \($0)" } ?? ""
            lines[0] += " \(state) at \(body["withdrawnAt"]?.stringValue ?? "?")\(reason)"
        } else if let expiresAt = body["expiresAt"]?.stringValue {
            lines[0] += " active, expires at \(expiresAt)"
        }
        let deliveries = body["deliveries"]?.arrayValue ?? []
        if deliveries.isEmpty { lines.append("  no deliveries (no recipient has a device)") }
        for delivery in deliveries {
            var line = "  \(delivery["deviceId"]?.stringValue ?? "?") \(delivery["provider"]?.stringValue ?? "?") "
                + "\(delivery["state"]?.stringValue ?? "?") after \(Self.number(delivery["attempts"])) attempt(s)"
            if let error = delivery["lastError"]?.stringValue { line += ": \(error)" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    private static func number(_ value: JSONValue?) -> String {
        value?.numberValue.map { String(Int($0)) } ?? "?"
    }
}
