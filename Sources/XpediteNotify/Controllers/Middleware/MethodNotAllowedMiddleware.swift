import Hummingbird

/// What the router answers under the API's base path when no route takes a request: 405 with
/// `Allow` and the error object when the path is a route's path with other methods, 404 with the
/// error object otherwise (the router alone would answer a bare 404). HEAD gets the same status
/// and headers without the body (decision 197).
///
/// The methods of each path come from the router's own routes (`Router.routes`), read once all the
/// API's routes are added (``Notifier/mount(on:)``) into a ``RouteMethodTable``; it is a middleware
/// of the router, so it wraps the router's "no route" answer (and any route added after it), and
/// passes every other path, and what a route it wraps answers, on untouched.
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The base path, `/notify/v1`.
    let basePath: String
    /// `basePath` and a slash, made once.
    let basePrefix: String
    /// The API's paths and their methods.
    let table: RouteMethodTable

    /// The API's routes among the router's: each path under `basePath` with its methods.
    init(basePath: String, routes: [Router<Context>.RouteDescription]) {
        self.basePath = basePath
        basePrefix = basePath + "/"
        table = RouteMethodTable(routes.filter { $0.path.description.hasPrefix(basePath + "/") }.map { ($0.path, $0.method) })
    }

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        // The router names the route it found (`endpointPath`) before that route runs: without a
        // name, this request is on its way to the router's "no route" error, which is answered
        // here without being thrown and caught (decision 0590).
        if context.endpointPath == nil, let answer = answer(request) { return answer }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            guard let answer = answer(request) else { throw error }
            return answer
        }
    }

    /// The 405 or 404 of a request under the base path; `nil` for any other path.
    func answer(_ request: Request) -> Response? {
        let path = request.uri.path
        guard path == basePath || path.hasPrefix(basePrefix) else { return nil }
        let response: Response
        if let allowed = table.allowed(path) {
            response = allowed.refusal(of: request.method)
        } else {
            response = NotifyError.notFound("no route \(request.method) \(path)").response
        }
        return request.method == .head ? response.createHeadResponse() : response
    }
}
