import Foundation
import Hummingbird
import XpediteProtocol

extension PayloadsController {
    /// `GET /payloads` and `GET /requests`: what is stored, by name
    /// (docs/decisions/0443-lists-of-payloads-and-start-requests.md).
    func addListRoutes(to routes: RouteCollection<Context>) {
        routes.getAndHead("payloads", use: payloads)
        routes.getAndHead("requests", use: startRequests)
    }

    func payloads(_ request: Request, context: Context) async throws -> Response {
        let names = try await notifier.payloadNames()
        return JSONResponse.make(.object(["payloads": .array(names.map { .object(["name": .string($0)]) })]))
    }

    func startRequests(_ request: Request, context: Context) async throws -> Response {
        let requests = try await notifier.requests()
        return JSONResponse.make(.object(["requests": .array(requests.map { Self.json($0, fields: false) })]))
    }
}
