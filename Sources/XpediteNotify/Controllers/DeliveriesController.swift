import Foundation
import Hummingbird
import XpediteProtocol

/// The outbox as an operator sees it (docs/notify-api.md#get-deliveries), behind an API key:
/// `GET /deliveries`, the depth of each lane and the recent problems.
struct DeliveriesController<Context: RequestContext>: Sendable {
    let notifier: Notifier

    /// The route, behind ``BackendAuthentication``.
    var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.add(middleware: BackendAuthentication(notifier: notifier))
        routes.getAndHead("deliveries", use: deliveries)
        return routes
    }

    func deliveries(_ request: Request, context: Context) async throws -> Response {
        let limit = try RouteParameters.limit(request, default: 20)
        let lanes = try await notifier.store.outboxStatistics()
        let problems = try await notifier.store.recentDeliveryProblems(limit: limit)
        return JSONResponse.make(.object([
            "outbox": .array(lanes.sorted { $0.key < $1.key }.map { lane, statistics in
                var members: [String: JSONValue] = ["provider": .string(lane), "pending": .number(Double(statistics.depth))]
                if let due = statistics.oldestDue { members["oldestDueAt"] = .string(notifier.timestamp(due)) }
                return .object(JSONObject(members))
            }),
            "recentProblems": .array(problems.map { problem in
                var members: [String: JSONValue] = [
                    "provider": .string(problem.provider), "target": .string(problem.target),
                    "state": .string(problem.state.rawValue), "attempts": .number(Double(problem.attempts)),
                ]
                if let messageId = problem.messageId { members["messageId"] = .string(messageId) }
                if let error = problem.lastError { members["lastError"] = .string(error) }
                if let at = problem.at { members["at"] = .string(notifier.timestamp(at)) }
                return .object(JSONObject(members))
            }),
        ]))
    }
}
