import ArgumentParser
import Foundation
import NIOHTTP1
import XpediteProtocol

/// The server and API key of `xpedite notify operators …`, and its one call that checks the status.
struct NotifyOperatorsOptions: ParsableArguments {
    @Option(help: "The server's base URL, http://HOST:PORT.")
    var server: String

    @Option(name: .customLong("api-key"), help: "The backend API key (default: $XPEDITE_API_KEY).")
    var apiKey: String?

    func validate() throws {
        if key() == nil { throw ValidationError("give --api-key or set XPEDITE_API_KEY.") }
    }

    /// The key from the option or the environment.
    func key() -> String? {
        let key = apiKey ?? ProcessInfo.processInfo.environment["XPEDITE_API_KEY"]
        return key?.isEmpty == false ? key : nil
    }

    /// Sends one request; prints the server's error and exits 1 when it refuses (a status other
    /// than `expected`), exits 2 when it cannot be reached.
    func call(_ path: String, method: HTTPMethod, body: JSONValue? = nil, expected: UInt) async throws -> JSONValue? {
        var standardError = StandardError()
        let http = NotifyHTTP(server: server, apiKey: key() ?? "")
        let answer: (status: UInt, json: JSONValue?)
        do {
            answer = try await http.send(http.request(path, method: method, body: body))
        } catch {
            print("\(server): \(error)", to: &standardError)
            throw ExitCode(2)
        }
        guard answer.status == expected else {
            print(NotifyHTTP.describe(status: answer.status, json: answer.json), to: &standardError)
            throw ExitCode(1)
        }
        return answer.json
    }

    /// A path component, percent-encoded.
    static func component(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? text
    }
}
