import Hummingbird

extension RouterMethods {
    /// Adds a GET route and its HEAD (RFC 9110 §9.3.2, decision 197): HEAD runs the same handler,
    /// so it gets the same status and headers (401, 404, 200 alike), and answers them without the
    /// body. A handler whose body streams (Server-Sent Events) starts its stream only once the
    /// body is written, so the HEAD answer never starts one.
    @discardableResult
    func getAndHead(_ path: RouterPath, use handler: @escaping @Sendable (Request, Context) async throws -> Response) -> Self {
        get(path, use: handler)
        return head(path) { request, context in
            try await handler(request, context).createHeadResponse()
        }
    }
}
