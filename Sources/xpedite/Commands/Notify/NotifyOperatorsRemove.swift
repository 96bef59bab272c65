import ArgumentParser

/// `xpedite notify operators remove USERNAME`: removes an operator and signs out its sessions
/// (`DELETE /notify/v1/operators/USERNAME`); exits 1 when there is none.
struct NotifyOperatorsRemove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a console operator.")

    @Argument(help: "The operator's username.")
    var username: String

    @OptionGroup var options: NotifyServerOptions

    func run() async throws {
        _ = try await options.answer("operators/" + NotifyServerOptions.segment(username), method: .DELETE, expected: 204)
        print("removed \(username)")
    }
}
