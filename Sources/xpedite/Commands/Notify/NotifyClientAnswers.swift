import Foundation
import OpenAPIRuntime
import XpediteNotifyClient

/// What `notify send` and `notify listen` need around the generated client (XpediteNotifyClient):
/// the client for `--server`, and the readable text of a refusal.
enum NotifyClientAnswers {
    /// The client of the server at `server` (`http://HOST:PORT`), or `nil` when it is not a URL.
    static func client(_ server: String, apiKey: String, timeout: Duration = .seconds(30)) -> XpediteNotifyClient.Client? {
        guard let url = URL(string: server), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            return nil
        }
        let (seconds, attoseconds) = timeout.components
        return XpediteNotifyClient.Client(notifyServer: url, credential: apiKey,
                                          timeout: .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }

    /// `HTTP <status> <code>: <message>` and one line per issue, or `HTTP <status>` without an
    /// error object.
    static func describe(_ status: Int, _ error: Components.Schemas.ErrorObject?) -> String {
        error.map { "HTTP \(status) \($0)" } ?? "HTTP \(status)"
    }

    /// The error object of an answer the contract does not list, when it carries one (a body that
    /// is not one reads as `nil`: the status alone is reported).
    static func errorObject(_ payload: UndocumentedPayload) async -> Components.Schemas.ErrorObject? {
        guard let body = payload.body else { return nil }
        do {
            let data = try await Data(collecting: body, upTo: 1 << 20)
            return try JSONDecoder().decode(Components.Schemas.ErrorObject.self, from: data)
        } catch {
            return nil
        }
    }
}
