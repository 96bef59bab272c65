import ArgumentParser
import Foundation
import NIOHTTP1
import XpediteProtocol

/// A kind of thing a backend stores by name (`payloads`, `requests`, `groups`, `users`) and the
/// routes `list`, `show`, `put` and `delete` call (docs/notify.md#managing-a-server-from-the-command-line).
protocol NotifyResource {
    /// The route's path, `payloads`.
    static var path: String { get }
    /// What one is called in help texts, `named payload`.
    static var noun: String { get }
    /// The path `show NAME` reads.
    static func showPath(_ name: String) -> String
    /// The body `put NAME FILE` sends, made from the file's JSON.
    static func putBody(_ file: JSONValue) -> JSONValue
}

extension NotifyResource {
    static func showPath(_ name: String) -> String { path + "/" + NotifyServerOptions.segment(name) }
    static func putBody(_ file: JSONValue) -> JSONValue { file }
}

/// `list`: `GET /<path>`.
struct NotifyResourceList<Resource: NotifyResource>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: "List every \(Resource.noun) (GET /notify/v1/\(Resource.path)).")
    }

    @OptionGroup var options: NotifyServerOptions

    func run() async throws {
        try await options.call(Resource.path)
    }
}

/// `show NAME`.
struct NotifyResourceShow<Resource: NotifyResource>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "show", abstract: "Show one \(Resource.noun) (GET /notify/v1/\(Resource.showPath("NAME"))).")
    }

    @OptionGroup var options: NotifyServerOptions

    @Argument(help: "Its name.")
    var name: String

    func run() async throws {
        try await options.call(Resource.showPath(name))
    }
}

/// `put NAME FILE`: `PUT /<path>/NAME` with the file's JSON.
struct NotifyResourcePut<Resource: NotifyResource>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "put", abstract: "Create or replace a \(Resource.noun) from a JSON file (- reads stdin).")
    }

    @OptionGroup var options: NotifyServerOptions

    @Argument(help: "Its name.")
    var name: String

    @Argument(help: "The JSON file.")
    var file: String

    func run() async throws {
        let body = Resource.putBody(try NotifyServerOptions.json(file: file))
        try await options.call(Resource.path + "/" + NotifyServerOptions.segment(name), method: .PUT, body: body)
    }
}

/// `delete NAME`: `DELETE /<path>/NAME`.
struct NotifyResourceDelete<Resource: NotifyResource>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "delete", abstract: "Delete a \(Resource.noun).")
    }

    @OptionGroup var options: NotifyServerOptions

    @Argument(help: "Its name.")
    var name: String

    func run() async throws {
        try await options.call(Resource.path + "/" + NotifyServerOptions.segment(name), method: .DELETE)
    }
}
