import ArgumentParser
import Foundation
import XpediteNotifyClient
import XpediteProtocol

/// `xpedite notify withdraw`: takes a message back through `DELETE /notify/v1/messages/{id}`,
/// with the client generated from the contract (XpediteNotifyClient).
struct NotifyWithdraw: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "withdraw",
        abstract: "Take a sent message back from every recipient who has not answered.",
        discussion: """
            The message leaves their inboxes and devices, its pending pushes are dropped and a \
            withdrawal push takes it off their lock screens; answers already given stay. Withdrawing \
            it again changes nothing. Prints the server's answer, {"messageId", "state", "withdrawn"} \
            (withdrawn: how many recipients had not answered), as JSON.

            Exit status: 0 when withdrawn (or withdrawn before), 1 when the server refuses (no such \
            message: 1 with not_found), 2 when the server cannot be reached.

            Examples:
              xpedite notify withdraw --server http://127.0.0.1:8090 --api-key K 5c1e…
              xpedite notify withdraw --server URL --api-key K --reason "sent by mistake" 5c1e…
            """
    )

    @Option(help: "The server's base URL, http://HOST:PORT.")
    var server: String

    @Option(name: .customLong("api-key"), help: "The backend API key (default: $XPEDITE_API_KEY).")
    var apiKey: String?

    @Option(help: "Why, shown to the devices (at most 1000 characters).")
    var reason: String?

    @Argument(help: "The message's id (from `xpedite notify send`).")
    var messageId: String

    func validate() throws {
        if messageId.isEmpty { throw ValidationError("give the message's id.") }
        if let reason, reason.count > 1000 { throw ValidationError("--reason takes at most 1000 characters.") }
        if key() == nil { throw ValidationError("give --api-key or set XPEDITE_API_KEY.") }
    }

    func key() -> String? {
        let key = apiKey ?? ProcessInfo.processInfo.environment["XPEDITE_API_KEY"]
        return key?.isEmpty == false ? key : nil
    }

    func run() async throws {
        var standardError = StandardError()
        guard let client = NotifyClientAnswers.client(server, apiKey: key() ?? "") else {
            print("--server \(server): expected http://HOST:PORT", to: &standardError)
            throw ExitCode(2)
        }
        let output: Operations.WithdrawMessage.Output
        do {
            output = try await client.withdrawMessage(path: .init(messageId: messageId),
                                                      body: .json(.init(reason: reason)))
        } catch {
            print("\(server): \(error)", to: &standardError)
            throw ExitCode(2)
        }
        let refusal: String
        switch output {
        case .ok(let answer):
            print(CanonicalJSON.string(try JSONValueEncoder().encode(try answer.body.json)))
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
