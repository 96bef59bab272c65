import Foundation
import Hummingbird
import XpediteProtocol

/// Sending and what became of it (docs/notify-api.md#messages), behind an API key: `POST /send`
/// and `GET /messages/{messageId}`.
struct MessagesController<Context: RequestContext>: Sendable {
    let notifier: Notifier

    /// The routes, each behind ``BackendAuthentication``.
    var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.add(middleware: BackendAuthentication(notifier: notifier))
        routes.post("send", use: send)
        routes.getAndHead("messages/:messageId", use: message)
        return routes
    }

    func send(_ request: Request, context: Context) async throws -> Response {
        var body = try await BodyReader.read(request, limit: notifier.configuration.maximumBodySize)
        let title = body.string("title", allowEmpty: true)
        let text = body.string("body", allowEmpty: true)
        let payload = body.value("payload")
        let direct = body.bool("direct") ?? false
        let recipients = Self.recipients(&body)
        try body.finish("the send request is not valid")
        guard let payload, let recipients else { throw NotifyError.malformed("incomplete send request") }
        let sent = try await notifier.send(payload: payload, at: JSONPath.root.appending("payload"), title: title ?? "",
                                           body: text ?? "", to: recipients, recipientsPath: JSONPath.root.appending("to"),
                                           direct: direct)
        return JSONResponse.make(.object([
            "messageId": .string(sent.messageId), "recipients": .array(sent.recipients.map(JSONValue.string)),
            "deliveries": .number(Double(sent.deliveries)),
        ]), status: .created)
    }

    func message(_ request: Request, context: Context) async throws -> Response {
        let id = try RouteParameters.path("messageId", context)
        guard let message = try await notifier.message(id) else { throw NotifyError.notFound("no message \"\(id)\"") }
        return JSONResponse.make(json(message))
    }

    /// The `to` of a send request: exactly one of `users`, `groups` and `all: true`.
    static func recipients(_ body: inout BodyReader) -> Recipients? {
        let path = JSONPath.root.appending("to")
        guard case .object(let to)? = body.members["to"] else {
            body.add(ValidationIssue(path: path, code: body.members["to"] == nil ? .missingKey : .typeMismatch, severity: .error,
                                     message: "expected {\"users\": […]}, {\"groups\": […]} or {\"all\": true}"))
            return nil
        }
        var inner = BodyReader(members: to)
        let result: Recipients?
        switch (to["users"], to["groups"], to["all"]) {
        case (_?, nil, nil): result = inner.strings("users").map(Recipients.users)
        case (nil, _?, nil): result = inner.strings("groups").map(Recipients.groups)
        case (nil, nil, .bool(true)?): result = .all
        default:
            result = nil
            inner.add(ValidationIssue(path: .root, code: .invalidValue, severity: .error,
                                      message: "expected exactly one of {\"users\": […]}, {\"groups\": […]} or {\"all\": true}"))
        }
        for issue in inner.issues { body.add(issue.nested(under: path)) }
        return result
    }

    /// A message as JSON for its sender: its recipients' states and its deliveries.
    func json(_ message: NotifyMessage) -> JSONValue {
        .object(JSONObject([
            "messageId": .string(message.messageId), "title": .string(message.title), "body": .string(message.body),
            "payload": message.payload.json, "sentAt": .string(notifier.timestamp(message.sentAt)),
            "recipients": .array(message.recipients.map { recipient in
                var members: [String: JSONValue] = ["username": .string(recipient.username), "state": .string(recipient.state)]
                if let answeredAt = recipient.answeredAt { members["answeredAt"] = .string(notifier.timestamp(answeredAt)) }
                return .object(JSONObject(members))
            }),
            "deliveries": .array(message.deliveries.map { delivery in
                var members: [String: JSONValue] = [
                    "deviceId": .string(delivery.deviceId), "provider": .string(delivery.provider),
                    "state": .string(delivery.state.rawValue), "attempts": .number(Double(delivery.attempts)),
                ]
                if let lastError = delivery.lastError { members["lastError"] = .string(lastError) }
                return .object(JSONObject(members))
            }),
        ]))
    }
}
