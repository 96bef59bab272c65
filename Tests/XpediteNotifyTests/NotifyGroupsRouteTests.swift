import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import XpediteNotify
import XpediteNotifyTestSupport
import XpediteProtocol

/// `GET /groups`, `GET /groups/{name}` and `DELETE /groups/{name}` (docs/notify-api.md#users-and-groups).
@Suite struct NotifyGroupsRouteTests {
    @Test(arguments: StoreKind.tested)
    func groupsAreListedShownAndDeletedWhileTheirUsersStay(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                try await api.user("ann", groups: ["office"])
                #expect(try await api.call(.put, "/groups/field", body: ["members": ["joe", "ann"]]).status == .ok)
                #expect(try await api.call(.put, "/groups/empty", body: ["members": []]).status == .ok)

                let list = try await api.call(.get, "/groups")
                #expect(list.status == .ok)
                #expect(list.json == ["groups": [
                    ["name": "empty", "members": []],
                    ["name": "field", "members": ["ann", "joe"]],
                    ["name": "office", "members": ["ann"]],
                ]])
                let one = try await api.call(.get, "/groups/field")
                #expect(one.status == .ok)
                #expect(one.json == ["name": "field", "members": ["ann", "joe"]])
                let unknown = try await api.call(.get, "/groups/nope")
                #expect(unknown.status == .notFound)
                #expect(unknown.json["error"]?["code"] == "not_found")

                #expect(try await api.call(.delete, "/groups/field").status == .noContent)
                #expect(try await api.call(.get, "/groups/field").status == .notFound)
                #expect(try await api.call(.delete, "/groups/field").status == .notFound)
                let users = try await api.call(.get, "/users")
                let names = users.json["users"]?.arrayValue?.compactMap { $0["username"]?.stringValue }
                #expect(names == ["ann", "joe"])
                let annGroups = users.json["users"]?.arrayValue?.first { $0["username"] == "ann" }?["groups"]
                #expect(annGroups == ["office"])
            }
        }
    }

    @Test func groupRoutesTakeOnlyTheAPIKey() async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            try await api.user("joe", groups: ["field"])
            let device = try await api.login("joe")
            for (method, path) in [(HTTPRequest.Method.get, "/groups"), (.get, "/groups/field"), (.delete, "/groups/field")] {
                #expect(try await api.call(method, path, token: nil).status == .unauthorized, "\(method) \(path)")
                #expect(try await api.call(method, path, token: device).status == .unauthorized, "\(method) \(path)")
            }
            #expect(try await api.call(.get, "/groups/field").status == .ok)
        }
    }
}
