import ArgumentParser
import Foundation
import XpediteProtocol

/// `xpedite notify operators add USERNAME --role R`: creates or updates an operator
/// (`PUT /notify/v1/operators/USERNAME`). The password is read from standard input with
/// `--password-stdin`, else asked for on the terminal without echo; never from an option (it would
/// be in the shell's history and the process list).
struct NotifyOperatorsAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Create or update a console operator (asks for the password without echo).")

    @Argument(help: "The operator's username.")
    var username: String

    @Option(help: "admin, sender or viewer.")
    var role: String

    @Flag(name: .customLong("password-stdin"), help: "Read the password from the first line of standard input.")
    var passwordStdin = false

    @OptionGroup var options: NotifyServerOptions

    func validate() throws {
        guard ["admin", "sender", "viewer"].contains(role) else { throw ValidationError("--role must be admin, sender or viewer.") }
    }

    func run() async throws {
        let password = try readPassword()
        let answer = try await options.answer("operators/" + NotifyServerOptions.segment(username), method: .PUT,
                                              body: ["password": .string(password), "role": .string(role)], expected: 200)
        print("\(answer?["username"]?.stringValue ?? username) (\(answer?["role"]?.stringValue ?? role))")
    }

    /// The password from standard input or the terminal.
    func readPassword() throws -> String {
        if passwordStdin {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                throw ValidationError("--password-stdin: standard input has no password.")
            }
            return line
        }
        guard let first = TerminalPassword.read(prompt: "Password for \(username): "), !first.isEmpty else {
            throw ValidationError("no password given (use --password-stdin when there is no terminal).")
        }
        guard TerminalPassword.read(prompt: "Again: ") == first else { throw ValidationError("the passwords differ.") }
        return first
    }
}
