import Foundation
import Hummingbird
import XpediteProtocol

/// The responses of a topic, read, followed or delivered
/// (docs/notify-api.md#responses-pages-events-webhooks), behind an API key: `GET /responses` (a
/// JSON page, or with `Accept: text/csv` or `application/x-ndjson` a streamed export,
/// TopicsController+Export.swift),
/// `GET /events` (Server-Sent Events) and `PUT`/`DELETE /webhooks/{name}`.
struct TopicsController<Context: RequestContext>: Sendable {
    let notifier: Notifier

    /// The routes, each behind ``BackendAuthentication``.
    var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.add(middleware: BackendAuthentication(notifier: notifier))
        routes.getAndHead("responses", use: responses)
        routes.getAndHead("events", use: events)
        routes.put("webhooks/:name", use: putWebhook)
        routes.delete("webhooks/:name", use: deleteWebhook)
        return routes
    }

    func responses(_ request: Request, context: Context) async throws -> Response {
        let topic = try RouteParameters.topic(request)
        if let format = ExportFormat(accept: request.headers[.accept]), let filter = try filter(request, topic: topic, always: true) {
            return try await export(format, filter: filter)
        }
        let after = try RouteParameters.cursor(request.uri.queryParameters.get("after"))
        let limit = try RouteParameters.limit(request, default: 100)
        let responses: [StoredResponse]
        if let filter = try filter(request, topic: topic, always: false) {
            responses = try await notifier.store.responses(matching: filter, after: after, limit: limit)
        } else {
            responses = try await notifier.responses(topic: topic, after: after, limit: limit)
        }
        return JSONResponse.make(.object([
            "responses": .array(try responses.map(Self.json)),
            "next": .string(String(responses.last?.cursor ?? after)),
        ]))
    }

    func events(_ request: Request, context: Context) async throws -> Response {
        let topic = try RouteParameters.topic(request)
        let lastEventID = try RouteParameters.lastEventID(request).map { try RouteParameters.cursor($0) }
        return EventStreams(notifier: notifier).responses(topic: topic, after: lastEventID)
    }

    func putWebhook(_ request: Request, context: Context) async throws -> Response {
        let name = try RouteParameters.path("name", context)
        var body = try await BodyReader.read(request, limit: notifier.configuration.maximumBodySize)
        let topic = body.string("topic")
        let url = body.string("url")
        let secret = body.string("secret")
        if let topic, !Topic.isValid(topic) {
            body.add(ValidationIssue(path: JSONPath.root.appending("topic"), code: .invalidTopic, severity: .error,
                                     message: "expected a topic of the form /a/b/c"))
        }
        if let url, !(url.hasPrefix("http://") || url.hasPrefix("https://")) || URL(string: url)?.host == nil {
            body.add(ValidationIssue(path: JSONPath.root.appending("url"), code: .invalidValue, severity: .error,
                                     message: "expected an http:// or https:// URL"))
        }
        try body.finish("the webhook is not valid")
        guard let topic, let url, let secret else { throw NotifyError.malformed("incomplete webhook") }
        try await notifier.operation.putWebhook(Webhook(name: name, topic: topic, url: url, secret: secret))
        return JSONResponse.make(.object(["name": .string(name), "topic": .string(topic), "url": .string(url)]))
    }

    func deleteWebhook(_ request: Request, context: Context) async throws -> Response {
        let name = try RouteParameters.path("name", context)
        guard try await notifier.operation.deleteWebhook(named: name) else { throw NotifyError.notFound("no webhook \"\(name)\"") }
        return JSONResponse.empty()
    }

    /// The JSON text of a stored response as a value.
    static func json(_ response: StoredResponse) throws -> JSONValue {
        do {
            return try JSONValue(parsing: response.json)
        } catch {
            throw StoreError.corrupt("stored response \(response.responseId) is not JSON")
        }
    }
}
