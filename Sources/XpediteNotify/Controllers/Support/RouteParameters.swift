import Foundation
import Hummingbird
import XpediteProtocol

/// What the routes read from a request's path and query.
enum RouteParameters {
    /// A path parameter, percent-decoded.
    static func path(_ name: String, _ context: some RequestContext) throws -> String {
        guard let raw = context.parameters.get(name) else { throw NotifyError.malformed("missing \(name)") }
        return raw.removingPercentEncoding ?? raw
    }

    /// The rest of the path matched by `**`, percent-decoded.
    static func rest(_ context: some RequestContext) -> String {
        let raw = context.parameters.getCatchAll().joined(separator: "/")
        return raw.removingPercentEncoding ?? raw
    }

    /// A topic from the query (400 when absent or not of the form `/a/b/c`).
    static func topic(_ request: Request) throws -> String {
        guard let topic = request.uri.queryParameters.get("topic") else { throw NotifyError.malformed("the topic query is required") }
        guard Topic.isValid(topic) else { throw NotifyError.malformed("\"\(topic)\" is not a topic of the form /a/b/c") }
        return topic
    }

    /// The `limit` query: an integer from 1 to `maximum` (1000 unless told), `defaultValue` when absent.
    static func limit(_ request: Request, default defaultValue: Int, maximum: Int = 1000) throws -> Int {
        guard let text = request.uri.queryParameters.get("limit") else { return defaultValue }
        guard let value = Int(text), (1...maximum).contains(value) else {
            throw NotifyError.malformed("limit must be an integer from 1 to \(maximum)")
        }
        return value
    }

    /// A cursor (a decimal integer ≥ 0); 0 when absent.
    static func cursor(_ text: String?) throws -> Int64 {
        guard let text else { return 0 }
        guard let value = Int64(text), value >= 0 else { throw NotifyError.malformed("\"\(text)\" is not a cursor") }
        return value
    }

    /// The `Last-Event-ID` header of a request.
    static func lastEventID(_ request: Request) -> String? {
        request.headers.first { $0.name.canonicalName == "last-event-id" }?.value
    }
}
