import ArgumentParser
import XpediteProtocol

/// `xpedite notify operators list`: the operators of a running server (`GET /notify/v1/operators`),
/// one a line: username, role, when created.
struct NotifyOperatorsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the console's operators.")

    @Flag(help: "Print the server's JSON answer.")
    var json = false

    @OptionGroup var options: NotifyServerOptions

    func run() async throws {
        let answer = try await options.answer("operators", expected: 200)
        if json {
            print(CanonicalJSON.string(answer ?? .null))
            return
        }
        let operators = answer?["operators"]?.arrayValue ?? []
        if operators.isEmpty { print("no operators") }
        for entry in operators {
            print([entry["username"], entry["role"], entry["createdAt"]].map { $0?.stringValue ?? "" }.joined(separator: "\t"))
        }
    }
}
