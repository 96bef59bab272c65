import Hummingbird

/// Answers HEAD without a body on every route of the API, whoever made the answer: a route, the
/// router's 405 and 404, or a credentials check that refused the request before any route ran
/// (decision 197). Status and headers, `Content-Length` included, stay as they are.
struct HeadWithoutBody<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        let response = try await next(request, context)
        return request.method == .head ? response.createHeadResponse() : response
    }
}
