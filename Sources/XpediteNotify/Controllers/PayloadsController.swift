import Foundation
import Hummingbird
import XpediteProtocol

/// Named payloads and start requests (docs/notify-api.md#named-payloads-and-start-requests),
/// behind an API key: `PUT`, `GET` and `DELETE` of `/payloads/{name}` and of `/requests/{name}`.
struct PayloadsController<Context: RequestContext>: Sendable {
    let notifier: Notifier

    /// The routes, each behind ``BackendAuthentication``.
    var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.add(middleware: BackendAuthentication(notifier: notifier))
        routes.put("payloads/:name", use: putPayload)
        routes.getAndHead("payloads/:name", use: payload)
        routes.delete("payloads/:name", use: deletePayload)
        routes.put("requests/:name", use: putRequest)
        routes.getAndHead("requests/:name", use: startRequest)
        routes.delete("requests/:name", use: deleteRequest)
        addListRoutes(to: routes)
        return routes
    }

    func putPayload(_ request: Request, context: Context) async throws -> Response {
        let name = try RouteParameters.path("name", context)
        var body = try await BodyReader.read(request, limit: notifier.configuration.maximumBodySize)
        let payload = body.value("payload")
        try body.finish("the named payload is not valid")
        try await notifier.savePayload(json: payload ?? .null, at: JSONPath.root.appending("payload"), named: name)
        return try await self.payload(request, context: context)
    }

    func payload(_ request: Request, context: Context) async throws -> Response {
        let name = try RouteParameters.path("name", context)
        guard let stored = try await notifier.payload(named: name) else { throw NotifyError.notFound("no named payload \"\(name)\"") }
        return JSONResponse.make(.object(["name": .string(name), "payload": stored.json]))
    }

    func deletePayload(_ request: Request, context: Context) async throws -> Response {
        let name = try RouteParameters.path("name", context)
        guard try await notifier.deletePayload(named: name) else { throw NotifyError.notFound("no named payload \"\(name)\"") }
        return JSONResponse.empty()
    }

    func putRequest(_ request: Request, context: Context) async throws -> Response {
        let name = try RouteParameters.path("name", context)
        var body = try await BodyReader.read(request, limit: notifier.configuration.maximumBodySize)
        let title = body.string("title", allowEmpty: true)
        let text = body.string("body", allowEmpty: true)
        try body.finish("the start request is not valid")
        // The topic, fields and state are validated like a payload, at their own paths.
        var payloadMembers: [String: JSONValue] = [:]
        for key in ["responseTopic", "fields", "state"] { payloadMembers[key] = body.members[key] }
        let payload = try notifier.validatedPayload(.object(JSONObject(payloadMembers)), at: .root)
        let startRequest = StartRequest(name: name, title: title ?? "", body: text ?? "", payload: payload)
        try await notifier.saveRequest(startRequest)
        return JSONResponse.make(Self.json(startRequest, fields: true))
    }

    func startRequest(_ request: Request, context: Context) async throws -> Response {
        let name = try RouteParameters.path("name", context)
        guard let stored = try await notifier.request(named: name) else { throw NotifyError.notFound("no start request \"\(name)\"") }
        return JSONResponse.make(Self.json(stored, fields: true))
    }

    func deleteRequest(_ request: Request, context: Context) async throws -> Response {
        let name = try RouteParameters.path("name", context)
        guard try await notifier.deleteRequest(named: name) else { throw NotifyError.notFound("no start request \"\(name)\"") }
        return JSONResponse.empty()
    }

    /// A start request as JSON, with or without its fields (the device routes list them without).
    static func json(_ request: StartRequest, fields: Bool) -> JSONValue {
        var members: [String: JSONValue] = [
            "name": .string(request.name), "title": .string(request.title), "body": .string(request.body),
            "responseTopic": .string(request.payload.responseTopic),
        ]
        if fields {
            members["fields"] = .array((request.payload.fields ?? []).map(\.json))
            if let state = request.payload.state { members["state"] = state }
        }
        return .object(JSONObject(members))
    }
}
