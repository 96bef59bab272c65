import Foundation
import Hummingbird
import NIOCore
import XpediteProtocol

/// The device routes (docs/notify-api.md#device-routes) but its documents: `POST /device/login`
/// and `GET /device/webpush-key` without a token, then behind a device token
/// (``DeviceAuthentication``) logout, push token, events, inbox, messages, start requests and
/// responses.
struct DeviceController<Parent: RequestContext>: Sendable {
    typealias Context = DeviceRequestContext<Parent>
    let notifier: Notifier

    /// The platforms a device may declare.
    static var platforms: Set<String> { ["ios", "android", "web"] }

    /// The routes: login and the Web Push key first, the rest behind ``DeviceAuthentication``.
    var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.post("device/login", use: login)
        routes.getAndHead("device/webpush-key", use: webPushKey)
        routes.add(middleware: DeviceAuthentication(notifier: notifier))
        routes.post("device/logout", use: logout)
        routes.put("device/push-token", use: putPushTarget)
        routes.getAndHead("device/events", use: events)
        routes.getAndHead("device/inbox", use: inbox)
        routes.getAndHead("device/messages/:messageId", use: message)
        routes.getAndHead("device/requests", use: startRequests)
        routes.getAndHead("device/requests/:name", use: startRequest)
        routes.post("device/responses", use: submitResponse)
        return routes
    }

    func login(_ request: Request, context: Context) async throws -> Response {
        var body = try await BodyReader.read(request, limit: notifier.configuration.maximumBodySize)
        let username = body.string("username")
        let password = body.string("password")
        let deviceId = body.string("deviceId")
        let deviceName = body.string("deviceName", allowEmpty: true)
        let platform = body.string("platform")
        let pushToken = body.string("pushToken", required: false)
        if let platform, !Self.platforms.contains(platform) {
            body.add(ValidationIssue(path: JSONPath.root.appending("platform"), code: .unknownOption, severity: .error,
                                     message: "expected \"ios\", \"android\" or \"web\""))
        }
        try body.finish("the login is not valid")
        guard let username, let password, let deviceId, let deviceName, let platform else {
            throw NotifyError.malformed("incomplete login")
        }
        let webPush = try webPushSubscription(body.members["webPush"])
        guard let (device, token) = try await notifier.people.login(username: username, password: password, deviceId: deviceId,
                                                             deviceName: deviceName, platform: platform, pushToken: pushToken,
                                                             webPush: webPush) else {
            throw NotifyError.unauthorized("wrong username or password")
        }
        return JSONResponse.make(.object(["deviceToken": .string(token), "username": .string(device.username)]))
    }

    func webPushKey(_ request: Request, context: Context) async throws -> Response {
        guard let key = notifier.webPushKey else { throw NotifyError.notFound("Web Push is not configured on this server") }
        return JSONResponse.make(.object(["publicKey": .string(key.publicKeyBase64URL)]))
    }

    func logout(_ request: Request, context: Context) async throws -> Response {
        try await notifier.people.logout(try context.requireDevice())
        return JSONResponse.empty()
    }

    func putPushTarget(_ request: Request, context: Context) async throws -> Response {
        let device = try context.requireDevice()
        var body = try await BodyReader.read(request, limit: notifier.configuration.maximumBodySize)
        let hasToken = body.members["pushToken"].map { !$0.isNull } ?? false
        let hasSubscription = body.members["webPush"].map { !$0.isNull } ?? false
        guard hasToken != hasSubscription else {
            throw NotifyError.invalid(at: .root, .invalidValue, "expected {\"pushToken\": …} or {\"webPush\": {…}}")
        }
        if hasToken {
            let pushToken = body.string("pushToken")
            try body.finish()
            try await notifier.store.setPushToken(pushToken ?? "", deviceKey: device.key)
        } else if let subscription = try webPushSubscription(body.members["webPush"]) {
            try await notifier.store.setWebPush(subscription, deviceKey: device.key)
        }
        return JSONResponse.empty()
    }

    func events(_ request: Request, context: Context) async throws -> Response {
        EventStreams(notifier: notifier).deviceEvents(username: try context.requireDevice().username)
    }

    func inbox(_ request: Request, context: Context) async throws -> Response {
        let messages = try await notifier.inbox(of: try context.requireDevice())
        return JSONResponse.make(.object(["messages": .array(messages.map { message in
            .object([
                "messageId": .string(message.messageId), "title": .string(message.title), "body": .string(message.body),
                "sentAt": .string(notifier.timestamp(message.sentAt)), "responseTopic": .string(message.payload.responseTopic),
            ])
        })]))
    }

    func message(_ request: Request, context: Context) async throws -> Response {
        let device = try context.requireDevice()
        let message = try await notifier.message(try RouteParameters.path("messageId", context), for: device)
        return JSONResponse.make(.object([
            "messageId": .string(message.messageId), "title": .string(message.title), "body": .string(message.body),
            "sentAt": .string(notifier.timestamp(message.sentAt)), "payload": message.payload.json,
        ]))
    }

    func startRequests(_ request: Request, context: Context) async throws -> Response {
        let requests = try await notifier.requests()
        return JSONResponse.make(.object(["requests": .array(requests.map { PayloadsController<Parent>.json($0, fields: false) })]))
    }

    func startRequest(_ request: Request, context: Context) async throws -> Response {
        let name = try RouteParameters.path("name", context)
        guard let stored = try await notifier.request(named: name) else { throw NotifyError.notFound("no start request \"\(name)\"") }
        return JSONResponse.make(PayloadsController<Parent>.json(stored, fields: true))
    }

    func submitResponse(_ request: Request, context: Context) async throws -> Response {
        let device = try context.requireDevice()
        let body = try await BodyReader.read(request, limit: notifier.configuration.maximumBodySize)
        let (stored, isNew) = try await notifier.submitResponse(body.members, from: device)
        return JSONResponse.make(data: stored.json, status: isNew ? .created : .ok)
    }

    /// A `webPush` member read and checked (422 at `$.webPush…`); `nil` when absent.
    func webPushSubscription(_ value: JSONValue?) throws -> WebPushSubscription? {
        guard let value, !value.isNull else { return nil }
        return try WebPushSubscription(json: value, at: JSONPath.root.appending("webPush"), allowlist: notifier.webPushAllowlist)
    }
}
