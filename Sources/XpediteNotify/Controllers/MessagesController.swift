import Foundation
import Hummingbird
import XpediteProtocol

/// Sending and what became of it (docs/notify-api.md#messages), behind an API key: `POST /send`,
/// `GET /messages` (the list, MessagesController+List.swift), `GET /messages/{messageId}` and
/// `DELETE /messages/{messageId}` (a withdrawal).
struct MessagesController<Context: RequestContext>: Sendable {
    let notifier: Notifier

    /// The routes, each behind ``BackendAuthentication``.
    var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.add(middleware: BackendAuthentication(notifier: notifier))
        routes.post("send", use: send)
        routes.getAndHead("messages", use: list)
        routes.getAndHead("messages/:messageId", use: message)
        routes.delete("messages/:messageId", use: withdraw)
        return routes
    }

    func send(_ request: Request, context: Context) async throws -> Response {
        var body = try await BodyReader.read(request, limit: notifier.configuration.maximumBodySize)
        let title = body.string("title", allowEmpty: true)
        let text = body.string("body", allowEmpty: true)
        let payload = body.value("payload")
        let direct = body.bool("direct") ?? false
        let expiresAt = Self.expiresAt(&body)
        let recipients = Self.recipients(&body)
        try body.finish("the send request is not valid")
        guard let payload, let recipients else { throw NotifyError.malformed("incomplete send request") }
        let sent = try await notifier.send(payload: payload, at: JSONPath.root.appending("payload"), title: title ?? "",
                                           body: text ?? "", to: recipients, recipientsPath: JSONPath.root.appending("to"),
                                           direct: direct, expiresAt: expiresAt)
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

    /// `DELETE /messages/{messageId}` with an optional `{"reason"}`: 200 `{"messageId", "state",
    /// "withdrawn": n}`, the same again; 404 for an unknown message.
    func withdraw(_ request: Request, context: Context) async throws -> Response {
        let id = try RouteParameters.path("messageId", context)
        var body = try await BodyReader.read(request, limit: notifier.configuration.maximumBodySize, allowEmpty: true)
        let reason = body.string("reason", required: false, allowEmpty: true)
        if let reason, reason.count > Notifier.maximumWithdrawalReasonLength || reason.unicodeScalars.contains("\u{0}") {
            body.add(ValidationIssue(path: JSONPath.root.appending("reason"), code: .invalidValue, severity: .error,
                                     message: "expected at most \(Notifier.maximumWithdrawalReasonLength) characters without U+0000"))
        }
        try body.finish("the withdrawal is not valid")
        let withdrawal = try await notifier.withdraw(messageId: id, reason: reason)
        return JSONResponse.make(.object([
            "messageId": .string(withdrawal.messageId), "state": .string(withdrawal.state.rawValue),
            "withdrawn": .number(Double(withdrawal.unanswered.count)),
        ]))
    }

    /// The optional `expiresAt` of a send request: an RFC 3339 date-time (422 at `$.expiresAt`
    /// otherwise; one in the past is refused by the send).
    static func expiresAt(_ body: inout BodyReader) -> Date? {
        guard let value = body.members["expiresAt"], !value.isNull else { return nil }
        guard let text = value.stringValue, let date = RFC3339Date.parse(text) else {
            body.add(ValidationIssue(path: JSONPath.root.appending("expiresAt"), code: .invalidValue, severity: .error,
                                     message: "expected an RFC 3339 date-time such as 2026-12-01T09:30:00Z"))
            return nil
        }
        return date
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

    /// A message as JSON for its sender: its state, its recipients' states and its deliveries;
    /// `payloadName` when it was sent by name; `expiresAt` when it has one; `withdrawnAt`, `reason` and the withdrawal pushes
    /// (`withdrawalPushes`) when it is not active.
    func json(_ message: NotifyMessage) -> JSONValue {
        var members = Self.withdrawalMembers(of: message, timestamp: notifier.timestamp)
        let deliveries = { (kind: PushKind) -> JSONValue in
            .array(message.deliveries.filter { $0.kind == kind }.map { delivery in
                var members: [String: JSONValue] = [
                    "deviceId": .string(delivery.deviceId), "provider": .string(delivery.provider),
                    "state": .string(delivery.state.rawValue), "attempts": .number(Double(delivery.attempts)),
                ]
                if let lastError = delivery.lastError { members["lastError"] = .string(lastError) }
                return .object(JSONObject(members))
            })
        }
        if !message.state.isActive { members["withdrawalPushes"] = deliveries(.withdrawal) }
        if let payloadName = message.payloadName { members["payloadName"] = .string(payloadName) }
        return .object(JSONObject(members.merging(self.baseMembers(message, deliveries: deliveries(.message))) { $1 }))
    }

    /// `state`, `expiresAt`, `withdrawnAt` and `reason` of a message (the last two when not active).
    static func withdrawalMembers(of message: NotifyMessage, timestamp: (Date) -> String) -> [String: JSONValue] {
        var members: [String: JSONValue] = ["state": .string(message.state.rawValue)]
        if let expiresAt = message.expiresAt { members["expiresAt"] = .string(timestamp(expiresAt)) }
        if !message.state.isActive {
            if let withdrawnAt = message.withdrawnAt { members["withdrawnAt"] = .string(timestamp(withdrawnAt)) }
            members["reason"] = .string(message.withdrawReason ?? "")
        }
        return members
    }

    /// The members every message has.
    private func baseMembers(_ message: NotifyMessage, deliveries: JSONValue) -> [String: JSONValue] {
        [
            "messageId": .string(message.messageId), "title": .string(message.title), "body": .string(message.body),
            "payload": message.payload.json, "sentAt": .string(notifier.timestamp(message.sentAt)),
            "recipients": .array(message.recipients.map { recipient in
                var members: [String: JSONValue] = ["username": .string(recipient.username), "state": .string(recipient.state)]
                if let answeredAt = recipient.answeredAt { members["answeredAt"] = .string(notifier.timestamp(answeredAt)) }
                return .object(JSONObject(members))
            }),
            "deliveries": deliveries,
        ]
    }
}
