import Foundation
import Hummingbird
import XpediteProtocol

/// The console's Operation section (docs/notify-api.md#operation), behind an API key: the webhooks
/// with their recent deliveries and a test POST, retrying the outbox now, and the sends and
/// answers of each hour.
struct OperationController<Context: RequestContext>: Sendable {
    let notifier: Notifier

    /// The longest `hours` of `GET /stats/hourly`: 30 days.
    static var maximumHours: Int { 720 }

    /// The routes, each behind ``BackendAuthentication``.
    var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.add(middleware: BackendAuthentication(notifier: notifier))
        routes.getAndHead("webhooks", use: webhooks)
        routes.post("webhooks/:name/test", use: testWebhook)
        routes.post("outbox/retry", use: retryOutbox)
        routes.getAndHead("stats/hourly", use: hourly)
        return routes
    }

    func webhooks(_ request: Request, context: Context) async throws -> Response {
        let limit = try RouteParameters.limit(request, default: 10)
        let webhooks = try await notifier.operation.webhooksWithDeliveries(limit: limit)
        return JSONResponse.make(.object(["webhooks": .array(webhooks.map { webhook, deliveries in
            .object([
                "name": .string(webhook.name), "topic": .string(webhook.topic), "url": .string(Self.shownURL(webhook.url)),
                "deliveries": .array(deliveries.map(json)),
            ])
        })]))
    }

    func testWebhook(_ request: Request, context: Context) async throws -> Response {
        let test = try await notifier.operation.testWebhook(named: try RouteParameters.path("name", context))
        var members: [String: JSONValue] = ["deliveryId": .string(test.deliveryId), "delivered": .bool(test.delivered)]
        if let error = test.error { members["error"] = .string(error) }
        return JSONResponse.make(.object(JSONObject(members)))
    }

    func retryOutbox(_ request: Request, context: Context) async throws -> Response {
        let retry = try await notifier.operation.retryOutbox()
        return JSONResponse.make(.object(["pushes": .number(Double(retry.pushes)), "webhooks": .number(Double(retry.webhooks))]))
    }

    func hourly(_ request: Request, context: Context) async throws -> Response {
        var hours = 48
        if let text = request.uri.queryParameters.get("hours") {
            guard let value = Int(text), (1...Self.maximumHours).contains(value) else {
                throw NotifyError.malformed("hours must be an integer from 1 to \(Self.maximumHours)")
            }
            hours = value
        }
        let activity = try await notifier.operation.hourlyActivity(hours: hours)
        return JSONResponse.make(.object(["hours": .array(activity.map { hour in
            .object(["hour": .string(notifier.timestamp(hour.hour)), "sends": .number(Double(hour.sends)),
                     "answers": .number(Double(hour.answers))])
        })]))
    }

    /// A delivery as JSON.
    func json(_ delivery: WebhookDeliveryRecord) -> JSONValue {
        var members: [String: JSONValue] = [
            "deliveryId": .string(delivery.deliveryId), "state": .string(delivery.delivered ? "delivered" : "pending"),
            "attempts": .number(Double(delivery.attempts)),
        ]
        if let error = delivery.lastError { members["lastError"] = .string(error) }
        if let at = delivery.deliveredAt { members["deliveredAt"] = .string(notifier.timestamp(at)) }
        if !delivery.delivered { members["nextAttemptAt"] = .string(notifier.timestamp(delivery.nextAttemptAt)) }
        return .object(JSONObject(members))
    }

    /// A webhook's address as a viewer may see it: without credentials, query or fragment (they
    /// may hold a secret).
    static func shownURL(_ text: String) -> String {
        guard var components = URLComponents(string: text) else { return "" }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.string ?? ""
    }
}
