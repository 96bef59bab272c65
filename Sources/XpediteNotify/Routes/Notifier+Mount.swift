import Foundation
import Hummingbird
import NIOCore
import XpediteProtocol

extension Notifier {
    /// The base path of every route (docs/notify-api.md#conventions).
    public static let basePath = "notify/v1"

    /// Adds every route of docs/notify-api.md under `/notify/v1` to a Hummingbird router (or
    /// group), and the notification app under `/notify/app/`.
    ///
    /// - Throws: when the app's files are missing from the module's resources.
    public func mount<Routes: RouterMethods>(on router: Routes) throws {
        mountApp(on: router, files: try NotifyAppFiles.load())
        // Outermost, so that it also sees the credentials checks' answers (decision 197).
        let api = router.group(RouterPath(Self.basePath)).add(middleware: HeadWithoutBody())
        mountBackendRoutes(on: api.group().add(middleware: BackendAuthentication(apiKeys: apiKeys)))
        mountLoginRoute(on: api)
        mountDeviceRoutes(on: api.group(context: DeviceRequestContext<Routes.Context>.self)
            .add(middleware: DeviceAuthentication(notifier: self)))
        mountContractRoute(on: api)
        // A method a path does not take answers 405 with `Allow` and the error object (the router
        // alone would answer a bare 404): each path gets a route for every other method.
        // HEAD on a path without GET is one of these methods (its answer without the body).
        for (path, methods) in NotifyRouteTable.paths {
            let allowed = NotifyRouteTable.allowed(methods)
            let allow = allowed.map(\.rawValue).joined(separator: ", ")
            for method in NotifyRouteTable.answeredMethods where !allowed.contains(method) {
                api.on(RouterPath(path), method: method) { request, _ in
                    var response = NotifyError.methodNotAllowed(request.method, allowed: allow).response
                    response.headers[.allow] = allow
                    return response
                }
            }
        }
        // Any other path under the base, and the base itself, answers the error object too (the
        // router prefers the routes above to these catch-alls).
        for method in NotifyRouteTable.answeredMethods {
            for path in ["**", ""] {
                api.on(RouterPath(path), method: method) { request, _ in
                    await self.answer(request) { throw NotifyError.notFound("no route \(request.method) \(request.uri.path)") }
                }
            }
        }
    }

    /// `GET /openapi.json`: the contract of this API (`openapi/notify-v1.yaml` as JSON), public.
    func mountContractRoute<Routes: RouterMethods>(on api: Routes) {
        api.getAndHead("openapi.json") { _, _ in
            JSONResponse.make(data: Data(NotifyOpenAPIDocument.json.utf8))
        }
    }

    /// Runs a route, turning every error into the error object of docs/notify-api.md#conventions: a
    /// ``NotifyError`` as it is, anything else as 500 without detail (a fault of the server,
    /// logged), so bad input never gets a 5xx and no internal detail leaves.
    func answer(_ request: Request, _ work: () async throws -> Response) async -> Response {
        do {
            return try await work()
        } catch let error as NotifyError {
            return error.response
        } catch is NIOTooManyBytesError {
            let error = NotifyError.tooLarge(limit: configuration.maximumBodySize)
            return JSONResponse.make(error.json, status: error.status)
        } catch {
            logger.error("notify route failed", metadata: ["path": .string(request.uri.path), "error": "\(error)"])
            return JSONResponse.make(NotifyError.internal.json, status: .internalServerError)
        }
    }

    /// A path parameter, percent-decoded.
    static func parameter(_ name: String, _ context: some RequestContext) throws -> String {
        guard let raw = context.parameters.get(name) else { throw NotifyError.malformed("missing \(name)") }
        return raw.removingPercentEncoding ?? raw
    }

    /// A topic from the query (400 when absent or not of the form `/a/b/c`).
    static func topicQuery(_ request: Request) throws -> String {
        guard let topic = request.uri.queryParameters.get("topic") else { throw NotifyError.malformed("the topic query is required") }
        guard Topic.isValid(topic) else { throw NotifyError.malformed("\"\(topic)\" is not a topic of the form /a/b/c") }
        return topic
    }

    /// A message as JSON for its sender (`GET /messages/{id}`).
    func senderJSON(_ message: NotifyMessage) -> JSONValue {
        .object(JSONObject([
            "messageId": .string(message.messageId), "title": .string(message.title), "body": .string(message.body),
            "payload": message.payload.json, "sentAt": .string(timestamp(message.sentAt)),
            "recipients": .array(message.recipients.map { recipient in
                var members: [String: JSONValue] = ["username": .string(recipient.username), "state": .string(recipient.state)]
                if let answeredAt = recipient.answeredAt { members["answeredAt"] = .string(timestamp(answeredAt)) }
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

    /// A device as the backend sees it (`GET /users/{username}/devices`): never its tokens.
    func json(_ device: NotifyDevice) -> JSONValue {
        var members: [String: JSONValue] = [
            "deviceId": .string(device.deviceId), "deviceName": .string(device.deviceName),
            "platform": .string(device.platform), "pushTarget": .bool(device.hasPushTarget),
        ]
        members["lastSeen"] = device.lastSeen.map { .string(timestamp($0)) } ?? .null
        return .object(JSONObject(members))
    }

    /// The outbox's depth by lane and its recent problems (`GET /deliveries`).
    func deliveriesJSON(limit: Int) async throws -> JSONValue {
        let lanes = try await store.outboxStatistics()
        let problems = try await store.recentDeliveryProblems(limit: limit)
        return .object([
            "outbox": .array(lanes.sorted { $0.key < $1.key }.map { lane, statistics in
                var members: [String: JSONValue] = ["provider": .string(lane), "pending": .number(Double(statistics.depth))]
                if let due = statistics.oldestDue { members["oldestDueAt"] = .string(timestamp(due)) }
                return .object(JSONObject(members))
            }),
            "recentProblems": .array(problems.map { problem in
                var members: [String: JSONValue] = [
                    "provider": .string(problem.provider), "target": .string(problem.target),
                    "state": .string(problem.state.rawValue), "attempts": .number(Double(problem.attempts)),
                ]
                if let messageId = problem.messageId { members["messageId"] = .string(messageId) }
                if let error = problem.lastError { members["lastError"] = .string(error) }
                if let at = problem.at { members["at"] = .string(timestamp(at)) }
                return .object(JSONObject(members))
            }),
        ])
    }

    /// A user as JSON.
    static func json(_ user: NotifyUser, devices: Bool) -> JSONValue {
        var members: [String: JSONValue] = [
            "username": .string(user.username), "displayName": .string(user.displayName),
            "groups": .array(user.groups.map(JSONValue.string)),
        ]
        if devices { members["devices"] = .number(Double(user.devices)) }
        return .object(JSONObject(members))
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
