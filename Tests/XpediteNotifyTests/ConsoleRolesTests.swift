import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import XpediteNotify
import XpediteNotifyTestSupport
import XpediteProtocol

/// The role table (``RouteRoles``, decision 0445) over every route of the router: each route has a
/// rule, a viewer is refused every change, a sender every admin route, and each role may do what
/// its rules allow.
@Suite struct ConsoleRolesTests {
    /// Each route under `/notify/v1` of a mounted router: its method and its path relative to the base.
    static func apiRoutes() throws -> [(method: HTTPRequest.Method, path: String)] {
        let harness = try NotifyHarness()
        let router = Router()
        try harness.notifier.mount(on: router)
        let prefix = "/" + Notifier.basePath + "/"
        return router.routes.filter { $0.path.description.hasPrefix(prefix) }
            .map { ($0.method, String($0.path.description.dropFirst(prefix.count))) }
            .sorted { ($0.path, $0.method.rawValue) < ($1.path, $1.method.rawValue) }
    }

    /// A concrete path of a pattern: each `{parameter}` becomes `x1`, `**` becomes `a/b`.
    static func concrete(_ pattern: String) -> String {
        "/" + pattern.split(separator: "/").map { component -> String in
            if component == "**" { return "a/b" }
            return component.hasPrefix("{") ? "x1" : String(component)
        }.joined(separator: "/")
    }

    /// The session routes' rules that need more than `role`, on routes the router has.
    static func routes(needingMoreThan role: OperatorRole) throws -> [(method: HTTPRequest.Method, path: String)] {
        try apiRoutes().filter { route in
            guard route.method != .head, case .role(let needed) = RouteRoles.access(route.method, path: route.path) else { return false }
            return needed > role
        }
    }

    @Test func everyRouteOfTheRouterHasARule() throws {
        let routes = try Self.apiRoutes()
        #expect(routes.count > 30)
        let missing = routes.filter { RouteRoles.access($0.method, path: $0.path) == nil }.map { "\($0.method) \($0.path)" }
        #expect(missing.isEmpty, "routes without a rule in RouteRoles.rules: \(missing)")
        // The operators' routes are admin-only; the device routes take no session.
        #expect(RouteRoles.access(.get, path: "operators") == .role(.admin))
        #expect(RouteRoles.access(.head, path: "users") == .role(.viewer))
        #expect(RouteRoles.access(.post, path: "device/responses") == .device)
        #expect(RouteRoles.access(.patch, path: "users/{username}") == nil)
    }

    @Test func aViewerIsRefusedEveryChange() async throws {
        let changes = try Self.apiRoutes().filter { route in
            guard RouteRoles.changes(route.method), case .role = RouteRoles.access(route.method, path: route.path) else { return false }
            return true
        }
        #expect(changes.count >= 12)
        #expect(try Self.routes(needingMoreThan: .viewer).filter { RouteRoles.changes($0.method) }.count == changes.count)
        try await ConsoleSessionTests.withConsole { console, _ in
            let vic = try await console.session("vic", ConsoleSessionTests.password)
            for route in changes {
                let answer = try await console.call(route.method, Self.concrete(route.path), session: vic, body: [:])
                #expect(answer.status == .forbidden, "\(route.method) \(route.path): \(answer.status)")
                #expect(answer.code == "forbidden", "\(route.method) \(route.path): \(answer.text)")
            }
        }
    }

    @Test func aSenderIsRefusedPeopleWebhooksAndOperators() async throws {
        let adminOnly = try Self.routes(needingMoreThan: .sender)
        let paths = Set(adminOnly.map { $0.path.split(separator: "/").first.map(String.init) ?? "" })
        #expect(paths.isSuperset(of: ["users", "groups", "webhooks", "operators"]))
        try await ConsoleSessionTests.withConsole { console, _ in
            let sam = try await console.session("sam", ConsoleSessionTests.password)
            for route in adminOnly {
                let answer = try await console.call(route.method, Self.concrete(route.path), session: sam, body: [:])
                #expect(answer.status == .forbidden, "\(route.method) \(route.path): \(answer.status)")
                #expect(answer.code == "forbidden")
            }
        }
    }

    @Test func eachRoleMayDoWhatItsRulesAllow() async throws {
        try await ConsoleSessionTests.withConsole { console, _ in
            let api = APIClient(client: console.client)
            try await api.user("joe")
            let vic = try await console.session("vic", ConsoleSessionTests.password)
            let sam = try await console.session("sam", ConsoleSessionTests.password)
            let ann = try await console.session("ann", ConsoleSessionTests.password)
            // Every read a viewer may make is let through (streams aside).
            for route in try Self.apiRoutes() where route.method == .get && route.path != "events" {
                guard case .role(.viewer) = RouteRoles.access(route.method, path: route.path) else { continue }
                let status = try await console.call(.get, Self.concrete(route.path), session: vic).status
                #expect(status != .forbidden && status != .unauthorized, "GET \(route.path): \(status)")
            }
            #expect(try await console.call(.get, "/users", session: vic).json["users"]?.arrayValue?.count == 1)
            // A sender sends and keeps payloads.
            let send: JSONValue = ["title": "T", "body": "B", "payload": SamplePayloads.colour, "to": ["users": ["joe"]]]
            #expect(try await console.call(.post, "/send", session: sam, body: send).status == .created)
            #expect(try await console.call(.put, "/payloads/p", session: sam, body: ["payload": SamplePayloads.colour]).status == .ok)
            #expect(try await console.call(.delete, "/payloads/p", session: sam).status == .noContent)
            // An admin manages people and operators.
            #expect(try await console.call(.put, "/users/amy", session: ann, body: ["password": "pw"]).status == .ok)
            #expect(try await console.call(.put, "/operators/oli", session: ann,
                                           body: ["password": "long enough password", "role": "viewer"]).status == .ok)
            #expect(try await console.call(.get, "/operators", session: ann).json["operators"]?.arrayValue?.count == 4)
            #expect(try await console.call(.delete, "/operators/oli", session: ann).status == .noContent)
        }
    }
}
