import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import XpediteNotify

/// The table the 405 reads its `Allow` from (``RouteMethodTable``): paths matched as the router
/// matches them, and the methods of every path that matches.
@Suite struct RouteMethodTableTests {
    static let table = RouteMethodTable([
        (RouterPath("/notify/v1/users/:username"), .put), (RouterPath("/notify/v1/users/:username"), .delete),
        (RouterPath("/notify/v1/users/export"), .post), (RouterPath("/notify/v1/send"), .post),
        (RouterPath("/notify/v1/documents/**"), .get), (RouterPath("/notify/v1/documents/**"), .head),
        (RouterPath("/notify/v1/files/{name}.csv"), .get),
    ])

    @Test(arguments: [
        ("/notify/v1/send", "POST"),
        ("/notify/v1/send/", "POST"),             // the router skips empty components
        ("//notify/v1//send", "POST"),
        ("/notify/v1/users/joe", "PUT, DELETE"),
        ("/notify/v1/users/export", "PUT, POST, DELETE"),  // a literal and a parameter both match: their methods
        ("/notify/v1/documents/rcs/image/x.jpg", "GET, HEAD"),
        ("/notify/v1/documents/x", "GET, HEAD"),
        ("/notify/v1/files/a.csv", "GET"),
    ])
    func aPathOfARouteHasItsMethodsInTheContractsOrder(path: String, allow: String) {
        #expect(Self.table.allowed(path)?.header == allow, "\(path)")
    }

    @Test(arguments: ["/notify/v1", "/notify/v1/sen", "/notify/v1/send/x", "/notify/v1/users", "/notify/v1/users/joe/x",
                      "/notify/v1/documents", "/notify/v1/files/a.txt", "/Notify/v1/send", "/"])
    func anyOtherPathHasNone(path: String) {
        #expect(Self.table.allowed(path) == nil, "\(path)")
    }

    /// A method outside the usual ones comes after them, by name.
    @Test func anUnusualMethodComesLast() throws {
        let query = try #require(HTTPRequest.Method("QUERY"))
        let table = RouteMethodTable([(RouterPath("/a"), query), (RouterPath("/a"), .get), (RouterPath("/a"), .options)])
        #expect(table.allowed("/a")?.header == "GET, OPTIONS, QUERY")
    }

    /// Each refusal is made once for the usual methods, and on the spot for any other; every one
    /// names the request's method and carries `Allow`.
    @Test func aRefusalNamesTheMethodAndCarriesAllow() async throws {
        let allowed = try #require(Self.table.allowed("/notify/v1/users/joe"))
        let query = try #require(HTTPRequest.Method("QUERY"))
        for method in [HTTPRequest.Method.get, .post, .patch, query] {
            let response = allowed.refusal(of: method)
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers[.allow] == "PUT, DELETE")
            let body = try await Self.bytes(of: response)
            #expect(body.contains("\"code\":\"method_not_allowed\""))
            #expect(body.contains("does not take \(method.rawValue); it takes PUT, DELETE"), "\(method)")
        }
        // A path that two routes match has their methods together; its refusal is made for it.
        let both = try #require(Self.table.allowed("/notify/v1/users/export")).refusal(of: .get)
        #expect(both.headers[.allow] == "PUT, POST, DELETE")
        #expect(try await Self.bytes(of: both).contains("does not take GET; it takes PUT, POST, DELETE"))
        // The same refusal again is whole: a made-once answer is not used up by its first write.
        let again = try await Self.bytes(of: allowed.refusal(of: .get))
        #expect(again == (try await Self.bytes(of: allowed.refusal(of: .get))))
        #expect(again.contains("does not take GET"))
    }

    /// The body a response writes.
    static func bytes(of response: Response) async throws -> String {
        let router = Router()
        router.get("/") { _, _ in response }
        let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await application.test(.router) { client in
            try await client.execute(uri: "/", method: .get) { String(buffer: $0.body) }
        }
    }

    /// The 405 is answered before the router's "no route" error is thrown; a route added to the
    /// router after the API (which the middleware wraps too) still answers as it does, under the
    /// base path and elsewhere.
    @Test func aRouteAddedAfterTheAPIStillAnswers() async throws {
        let harness = try NotifyHarness()
        let router = Router()
        try harness.notifier.mount(on: router)
        router.get("/notify/v1/extra") { _, _ in "extra" }
        router.get("/elsewhere") { _, _ -> String in throw HTTPError(.notFound, message: "gone") }
        let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.router) { client in
            try await client.execute(uri: "/notify/v1/extra", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "extra")
            }
            try await client.execute(uri: "/notify/v1/send", method: .delete) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "POST")
            }
            // Outside the API the router's own answers stay, not the API's error object.
            try await client.execute(uri: "/elsewhere", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains("gone"))
                #expect(!String(buffer: response.body).contains("not_found"))
            }
            try await client.execute(uri: "/nowhere", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(!String(buffer: response.body).contains("not_found"))
            }
        }
    }
}
