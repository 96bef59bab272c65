import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import XpediteNotify
import XpediteProtocol

/// The router against the contract (`openapi/notify-v1.yaml`, served at `/notify/v1/openapi.json`):
/// the same routes both ways, and the router's own answers (405, 404) carry the error object.
@Suite struct NotifyContractTests {
    @Test func theContractIsServedWithoutCredentials() async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let answer = try await APIClient(client: client).call(.get, "/openapi.json", token: nil)
            #expect(answer.status == .ok)
            #expect(answer.json["openapi"] == "3.1.0")
            #expect(answer.json["components"]?["schemas"]?["notify.payload"]?["properties"]?["responseTopic"] != nil)
        }
    }

    @Test(arguments: [
        (HTTPRequest.Method.get, "/send", "POST"),
        (.get, "/users/joe", "PUT, DELETE"),
        (.post, "/users", "GET, HEAD"),
        (.delete, "/device/inbox", "GET, HEAD"),
        (.get, "/device/logout", "POST"),
        (.patch, "/payloads/p", "PUT, GET, HEAD, DELETE"),
        (.put, "/device/documents/rcs/image/x.jpg", "GET, HEAD"),
        (.get, "/device/barcode", "POST"),
    ])
    func aWrongMethodIs405WithAllowAndTheErrorObject(method: HTTPRequest.Method, path: String, allow: String) async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            // With the API key and without credentials alike: the method is wrong for the path
            // whoever asks.
            for token in [NotifyHarness.apiKey, nil] {
                let uri = "/notify/v1" + path
                var headers: HTTPFields = [:]
                if let token { headers[.authorization] = "Bearer \(token)" }
                try await client.execute(uri: uri, method: method, headers: headers) { response in
                    #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                    #expect(response.headers[.allow] == allow, "\(method) \(path)")
                    #expect(response.headers[.contentType] == "application/json")
                    let json = try JSONValue(parsing: Data(response.body.readableBytesView))
                    #expect(json["error"]?["code"] == "method_not_allowed", "\(method) \(path)")
                }
            }
        }
    }

    /// The 405 comes from the router's own routes, so any method counts, not only the usual ones:
    /// QUERY (a method of its own, RFC draft) and CONNECT on a path of the API are 405 with the
    /// path's methods, and on a path it does not have 404.
    @Test func anyMethodAPathDoesNotTakeIs405() async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            for name in ["QUERY", "CONNECT"] {
                let method = try #require(HTTPRequest.Method(name))
                try await client.execute(uri: "/notify/v1/payloads/p", method: method) { response in
                    #expect(response.status == .methodNotAllowed, "\(name)")
                    #expect(response.headers[.allow] == "PUT, GET, HEAD, DELETE", "\(name)")
                }
                try await client.execute(uri: "/notify/v1/payloads/p/q", method: method) { response in
                    #expect(response.status == .notFound, "\(name)")
                    let json = try JSONValue(parsing: Data(response.body.readableBytesView))
                    #expect(json["error"]?["code"] == "not_found", "\(name)")
                }
            }
        }
    }

    @Test func aPathDeeperThanAnyRouteOrTheBaseItselfIs404WithTheErrorObject() async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            for (method, path) in [(HTTPRequest.Method.get, "/users/joe/devices/phone/extra"), (.put, "/groups/a/b"),
                                   (.get, "/device/requests/a/b"), (.options, "/nowhere"), (.get, ""), (.post, "/")] {
                let answer = try await api.call(method, path)
                #expect(answer.status == .notFound, "\(method) \(path)")
                #expect(answer.json["error"]?["code"] == "not_found", "\(method) \(path)")
            }
        }
    }

    /// HEAD on a GET route answers what GET answers (status and headers, its Content-Length
    /// too) without the body, whoever asks; HEAD on a path without GET is 405 with `Allow`, and on
    /// a path that does not exist 404, both without the body (decision 197).
    @Test func headAnswersLikeGetWithoutTheBody() async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            try await api.user("joe")
            let joe = try await api.login("joe")
            let cases: [(path: String, token: String?)] = [
                ("/users", NotifyHarness.apiKey), ("/users", nil), ("/users", joe), ("/users/nobody/devices", NotifyHarness.apiKey),
                ("/openapi.json", nil), ("/device/inbox", joe), ("/device/inbox", NotifyHarness.apiKey),
                ("/device/requests/none", joe), ("/responses", NotifyHarness.apiKey),
            ]
            for (path, token) in cases {
                var headers: HTTPFields = [:]
                if let token { headers[.authorization] = "Bearer \(token)" }
                let get = try await client.execute(uri: "/notify/v1" + path, method: .get, headers: headers) { $0 }
                let head = try await client.execute(uri: "/notify/v1" + path, method: .head, headers: headers) { $0 }
                #expect(head.status == get.status, "HEAD \(path)")
                #expect(head.headers[.contentType] == get.headers[.contentType], "HEAD \(path)")
                #expect(head.headers[.contentLength] == String(get.body.readableBytes), "HEAD \(path)")
                #expect(get.body.readableBytes > 0, "GET \(path)")
                #expect(head.body.readableBytes == 0, "HEAD \(path)")
            }
            // An event stream: the headers of the stream, no stream.
            let stream = try await client.execute(uri: "/notify/v1/device/events", method: .head,
                                                  headers: [.authorization: "Bearer \(joe)"]) { $0 }
            #expect(stream.status == .ok)
            #expect(stream.headers[.contentType] == "text/event-stream")
            #expect(stream.body.readableBytes == 0)
            for (path, status, allow) in [("/send", HTTPResponse.Status.methodNotAllowed, "POST" as String?),
                                          ("/device/barcode", .methodNotAllowed, "POST"), ("/users/joe", .methodNotAllowed, "PUT, DELETE"),
                                          ("/nowhere", .notFound, nil), ("", .notFound, nil)] {
                let answer = try await client.execute(uri: "/notify/v1" + path, method: .head,
                                                      headers: [.authorization: "Bearer \(NotifyHarness.apiKey)"]) { $0 }
                #expect(answer.status == status, "HEAD \(path)")
                #expect(answer.headers[.allow] == allow, "HEAD \(path)")
                #expect(answer.headers[.contentType] == "application/json", "HEAD \(path)")
                #expect(answer.body.readableBytes == 0, "HEAD \(path)")
            }
        }
    }

    /// Every route the router has under `/notify/v1` is either an operation of the contract, HEAD
    /// on a path whose GET is one (HTTP's, not listed, decision 197), or a method the path does
    /// not take (405, whose `Allow` is the contract's methods of the path and HEAD after GET), and
    /// every operation of the contract is a route.
    @Test func theMountedRoutesAreTheContractsOperations() async throws {
        let harness = try NotifyHarness()
        let router = Router()
        try harness.notifier.mount(on: router)
        let mounted = router.routes.map { (method: $0.method, path: $0.path.description) }
            .filter { $0.path.hasPrefix("/notify/v1/") && $0.path != "/notify/v1/**" }
        let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.router) { client in
            let contract = try await APIClient(client: client).call(.get, "/openapi.json", token: nil).json
            var operations: [String: Set<String>] = [:]
            for (path, item) in contract["paths"]?.objectValue ?? [:] {
                for method in ["get", "put", "post", "delete", "patch", "options", "head"] where item[method] != nil {
                    operations[path, default: []].insert(method.uppercased())
                }
            }
            #expect(!operations.isEmpty)
            #expect(operations.values.allSatisfy { !$0.contains("HEAD") })
            var answered = operations
            for (path, methods) in operations where methods.contains("GET") { answered[path, default: []].insert("HEAD") }

            var routed: [String: Set<String>] = [:]
            for route in mounted {
                let routerPath = String(route.path.dropFirst("/notify/v1".count))
                let template = routerPath.split(separator: "/").map { component in
                    component == "**" ? "{name}" : component.hasPrefix(":") ? "{\(component.dropFirst())}" : String(component)
                }.joined(separator: "/")
                let concrete = routerPath.split(separator: "/").map { $0.hasPrefix(":") || $0 == "**" ? "x" : String($0) }
                    .joined(separator: "/")
                // No credentials: a real route answers 401, 400 or its public answer, never 405.
                let (status, allow) = try await client.execute(uri: "/notify/v1/" + concrete, method: route.method) { response in
                    (response.status, response.headers[.allow])
                }
                if status == .methodNotAllowed {
                    let allowed = Set((allow ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
                    #expect(answered["/" + template] == allowed, "405 of \(route.method) \(routerPath)")
                } else {
                    routed["/" + template, default: []].insert(route.method.rawValue)
                }
            }
            #expect(routed == answered)
        }
    }
}
