import Foundation
import Hummingbird
import XpediteProtocol

extension MessagesController {
    /// `GET /messages` (docs/notify-api.md#get-messages): the sent messages, newest first, a page
    /// at a time (`after` is the previous page's `next`, `limit` 1 to 200, 50 by default),
    /// filtered by `q` (title or body text, without case), `state`, `payloadName`, `username`
    /// (a recipient), `since` and `until` (sent at or after, before; RFC 3339). A bad `state`,
    /// `since` or `until` → 422 at `$.<name>`; a bad `after` or `limit` → 400.
    func list(_ request: Request, context: Context) async throws -> Response {
        let query = try Self.listQuery(request)
        let (messages, next) = try await notifier.messages(matching: query)
        return JSONResponse.make(.object([
            "messages": .array(messages.map(summaryJSON)),
            "next": next.map { JSONValue.string($0.text) } ?? JSONValue.null,
        ]))
    }

    /// The list query of a request.
    static func listQuery(_ request: Request) throws -> MessageListQuery {
        let parameters = request.uri.queryParameters
        var issues: [ValidationIssue] = []
        func issue(_ name: String, _ message: String) {
            issues.append(ValidationIssue(path: JSONPath.root.appending(name), code: .invalidValue, severity: .error, message: message))
        }
        func time(_ name: String) -> Date? {
            guard let text = parameters.get(name) else { return nil }
            if let date = RFC3339Date.parse(text) { return date }
            issue(name, "expected an RFC 3339 time such as 2026-01-02T03:04:05Z, not \"\(text)\"")
            return nil
        }
        var state: MessageState?
        if let text = parameters.get("state") {
            state = MessageState(rawValue: text)
            if state == nil { issue("state", "expected active, withdrawn or expired, not \"\(text)\"") }
        }
        let since = time("since")
        let until = time("until")
        if !issues.isEmpty { throw NotifyError.invalid("the query is not valid", issues: issues) }
        var after: MessageListCursor?
        if let text = parameters.get("after"), !text.isEmpty {
            guard let cursor = MessageListCursor(text: text) else { throw NotifyError.malformed("\"\(text)\" is not a cursor of this list") }
            after = cursor
        }
        let limit = try RouteParameters.limit(request, default: MessageListQuery.defaultLimit, maximum: MessageListQuery.maximumLimit)
        let text = parameters.get("q").flatMap { $0.isEmpty ? nil : $0 }
        return MessageListQuery(text: text, state: state, payloadName: parameters.get("payloadName"),
                                username: parameters.get("username"), since: since, until: until, after: after, limit: limit)
    }

    /// One listed message as JSON: its header, `recipients` `{total, answered, pending}` and
    /// `deliveries` `{pending, delivered, gone, failed}` (each state, zero included).
    func summaryJSON(_ summary: MessageSummary) -> JSONValue {
        var members: [String: JSONValue] = [
            "messageId": .string(summary.messageId), "title": .string(summary.title), "body": .string(summary.body),
            "sentAt": .string(notifier.timestamp(summary.sentAt)), "state": .string(summary.state.rawValue),
            "recipients": .object([
                "total": .number(Double(summary.recipients)), "answered": .number(Double(summary.answered)),
                "pending": .number(Double(summary.recipients - summary.answered)),
            ]),
            "deliveries": .object(JSONObject(Dictionary(uniqueKeysWithValues: DeliveryState.allCases.map { state in
                (state.rawValue, JSONValue.number(Double(summary.deliveries[state] ?? 0)))
            }))),
        ]
        if let payloadName = summary.payloadName { members["payloadName"] = .string(payloadName) }
        if let expiresAt = summary.expiresAt { members["expiresAt"] = .string(notifier.timestamp(expiresAt)) }
        if let withdrawnAt = summary.withdrawnAt, !summary.state.isActive {
            members["withdrawnAt"] = .string(notifier.timestamp(withdrawnAt))
        }
        return .object(JSONObject(members))
    }
}
