import Foundation
import Hummingbird
import XpediteProtocol

/// Users and groups (docs/notify-api.md#users-and-groups), behind an API key: `PUT`/`DELETE
/// /users/{username}`, `GET /users`, `GET /users/{username}/devices`, `DELETE /users/{username}/devices/{deviceId}`, `PUT /groups/{name}`.
struct PeopleController<Context: RequestContext>: Sendable {
    let notifier: Notifier

    /// The routes, each behind ``BackendAuthentication``.
    var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.add(middleware: BackendAuthentication(notifier: notifier))
        routes.put("users/:username", use: putUser)
        routes.delete("users/:username", use: deleteUser)
        routes.getAndHead("users", use: users)
        routes.getAndHead("users/:username/devices", use: devices)
        routes.delete("users/:username/devices/:deviceId", use: revokeDevice)
        routes.put("groups/:name", use: putGroup)
        addGroupRoutes(to: routes)
        return routes
    }

    func putUser(_ request: Request, context: Context) async throws -> Response {
        let username = try RouteParameters.path("username", context)
        var body = try await BodyReader.read(request, limit: notifier.configuration.maximumBodySize)
        let password = body.string("password")
        let displayName = body.string("displayName", required: false, allowEmpty: true)
        let groups = body.strings("groups", required: false)
        if let issue = NotifyPeople.usernameIssue(username, at: JSONPath.root.appending("username")) { body.add(issue) }
        try body.finish("the user is not valid")
        let user = try await notifier.people.putUser(username, password: password ?? "", displayName: displayName, groups: groups)
        return JSONResponse.make(Self.json(user, devices: false))
    }

    func deleteUser(_ request: Request, context: Context) async throws -> Response {
        let username = try RouteParameters.path("username", context)
        guard try await notifier.people.deleteUser(username) else { throw NotifyError.notFound("no user \"\(username)\"") }
        return JSONResponse.empty()
    }

    func users(_ request: Request, context: Context) async throws -> Response {
        let users = try await notifier.people.users()
        return JSONResponse.make(.object(["users": .array(users.map { Self.json($0, devices: true) })]))
    }

    func devices(_ request: Request, context: Context) async throws -> Response {
        let devices = try await notifier.people.devices(of: try RouteParameters.path("username", context))
        return JSONResponse.make(.object(["devices": .array(devices.map { json($0) })]))
    }

    func putGroup(_ request: Request, context: Context) async throws -> Response {
        let name = try RouteParameters.path("name", context)
        var body = try await BodyReader.read(request, limit: notifier.configuration.maximumBodySize)
        let members = body.strings("members")
        try body.finish("the group is not valid")
        let stored = try await notifier.people.setGroup(name, members: members ?? [])
        return JSONResponse.make(.object(["name": .string(name), "members": .array(stored.map(JSONValue.string))]))
    }

    /// A user as JSON, with the number of its devices or without.
    static func json(_ user: NotifyUser, devices: Bool) -> JSONValue {
        var members: [String: JSONValue] = [
            "username": .string(user.username), "displayName": .string(user.displayName),
            "groups": .array(user.groups.map(JSONValue.string)),
        ]
        if devices { members["devices"] = .number(Double(user.devices)) }
        return .object(JSONObject(members))
    }

    /// A device as the backend sees it: never its tokens.
    func json(_ device: NotifyDevice) -> JSONValue {
        var members: [String: JSONValue] = [
            "deviceId": .string(device.deviceId), "deviceName": .string(device.deviceName),
            "platform": .string(device.platform), "pushTarget": .bool(device.hasPushTarget),
        ]
        members["lastSeen"] = device.lastSeen.map { .string(notifier.timestamp($0)) } ?? .null
        return .object(JSONObject(members))
    }
}
