import ArgumentParser
import Foundation
import NIOHTTP1
import XpediteProtocol

/// `--server` and `--api-key` of the commands that call a running server's backend routes, and
/// the one JSON call they make (`notify payloads|requests|groups|users|operators`).
struct NotifyServerOptions: ParsableArguments {
    @Option(help: "The server's base URL, http://HOST:PORT.")
    var server: String

    @Option(name: .customLong("api-key"), help: "The backend API key (default: $XPEDITE_API_KEY).")
    var apiKey: String?

    func validate() throws {
        if key() == nil { throw ValidationError("give --api-key or set XPEDITE_API_KEY.") }
    }

    /// The key given, or the environment's.
    func key() -> String? {
        let key = apiKey ?? ProcessInfo.processInfo.environment["XPEDITE_API_KEY"]
        return key?.isEmpty == false ? key : nil
    }

    /// The client of the server.
    var http: NotifyHTTP { NotifyHTTP(server: server, apiKey: key() ?? "") }

    /// Calls `path` and prints the answer as canonical JSON (nothing for 204). A refusal prints the
    /// server's error with its paths to stderr and exits 1; an unreachable server exits 2.
    func call(_ path: String, method: HTTPMethod = .GET, body: JSONValue? = nil) async throws {
        if let json = try await answer(path, method: method, body: body) { print(CanonicalJSON.string(json, pretty: true)) }
    }

    /// Calls `path` and answers its JSON (nil for none). A status other than `expected` (any 2xx
    /// when nil) prints the server's error with its paths to stderr and exits 1; an unreachable
    /// server exits 2.
    func answer(_ path: String, method: HTTPMethod = .GET, body: JSONValue? = nil, expected: UInt? = nil) async throws -> JSONValue? {
        var standardError = StandardError()
        let answer: (status: UInt, json: JSONValue?)
        do {
            answer = try await http.send(http.request(path, method: method, body: body))
        } catch {
            print("\(server): \(error)", to: &standardError)
            throw ExitCode(2)
        }
        guard expected.map({ answer.status == $0 }) ?? (200..<300).contains(answer.status) else {
            print(NotifyHTTP.describe(status: answer.status, json: answer.json), to: &standardError)
            throw ExitCode(1)
        }
        return answer.json
    }

    /// A name as one path segment.
    static func segment(_ name: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/")
        return name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name
    }

    /// The JSON of a file (`-` reads stdin).
    static func json(file: String) throws -> JSONValue {
        let data: Data
        do {
            data = try file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw ValidationError("cannot read \(file): \(error.localizedDescription)")
        }
        do {
            return try JSONValue(parsing: data)
        } catch {
            throw ValidationError("\(file) is not JSON: \(error)")
        }
    }
}
