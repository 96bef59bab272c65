import Foundation
import Hummingbird
import XpediteProtocol

extension PeopleController {
    /// `GET /groups`, `GET /groups/{name}` and `DELETE /groups/{name}` (docs/notify-api.md#users-and-groups).
    func addGroupRoutes(to routes: RouteCollection<Context>) {
        routes.getAndHead("groups", use: groups)
        routes.getAndHead("groups/:name", use: group)
        routes.delete("groups/:name", use: deleteGroup)
    }

    func groups(_ request: Request, context: Context) async throws -> Response {
        let groups = try await notifier.people.groups()
        return JSONResponse.make(.object(["groups": .array(groups.map(Self.json))]))
    }

    func group(_ request: Request, context: Context) async throws -> Response {
        JSONResponse.make(Self.json(try await notifier.people.group(try RouteParameters.path("name", context))))
    }

    func deleteGroup(_ request: Request, context: Context) async throws -> Response {
        try await notifier.people.deleteGroup(try RouteParameters.path("name", context))
        return JSONResponse.empty()
    }

    /// A group as JSON.
    static func json(_ group: NotifyGroup) -> JSONValue {
        .object(["name": .string(group.name), "members": .array(group.members.map(JSONValue.string))])
    }
}
