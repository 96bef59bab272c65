import Hummingbird

/// What the router answers under the API's base path when no route takes a request: 405 with
/// `Allow` and the error object when the path is a route's path with other methods, 404 with the
/// error object otherwise (the router alone would answer a bare 404). HEAD gets the same status
/// and headers without the body (decision 197).
///
/// The methods of each path come from the router's own routes (`Router.routes`), read once all the
/// API's routes are added (``Notifier/mount(on:)``); it is a middleware of the router, so it sees
/// the router's "no route" error, and passes every other error and every other path on untouched.
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    /// One path of the API and the methods it takes.
    struct Route: Sendable {
        var path: RouterPath
        var methods: Set<HTTPRequest.Method>
    }

    /// The base path, `/notify/v1`.
    let basePath: String
    /// The API's paths and their methods.
    let routes: [Route]

    /// The order of the methods in `Allow`: the contract's (create or replace, read, then delete).
    static var order: [HTTPRequest.Method] { [.put, .get, .head, .post, .delete, .patch, .options, .trace, .connect] }

    /// The API's routes among the router's: each path under `basePath` with its methods.
    init(basePath: String, routes: [Router<Context>.RouteDescription]) {
        self.basePath = basePath
        var methods: [String: Route] = [:]
        for route in routes where route.path.description.hasPrefix(basePath + "/") {
            methods[route.path.description, default: Route(path: route.path, methods: [])].methods.insert(route.method)
        }
        self.routes = methods.values.sorted { $0.path.description < $1.path.description }
    }

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let path = request.uri.path
            guard path == basePath || path.hasPrefix(basePath + "/") else { throw error }
            let response: Response
            if let allowed = allowedMethods(path) {
                let allow = allowed.map(\.rawValue).joined(separator: ", ")
                var answer = NotifyError.methodNotAllowed(request.method, allowed: allow).response
                answer.headers[.allow] = allow
                response = answer
            } else {
                response = NotifyError.notFound("no route \(request.method) \(path)").response
            }
            return request.method == .head ? response.createHeadResponse() : response
        }
    }

    /// The methods of the routes whose path matches `path`, in ``order``; `nil` when none does.
    func allowedMethods(_ path: String) -> [HTTPRequest.Method]? {
        let components = path.split(separator: "/")
        let methods = routes.filter { Self.matches($0.path, components) }.reduce(into: Set<HTTPRequest.Method>()) { $0.formUnion($1.methods) }
        guard !methods.isEmpty else { return nil }
        return Self.order.filter(methods.contains) + methods.filter { !Self.order.contains($0) }.sorted { $0.rawValue < $1.rawValue }
    }

    /// Whether a route's path matches a request's path components, as the router matches them
    /// (`**` takes the rest of the path, at least one component).
    static func matches(_ route: RouterPath, _ components: [Substring]) -> Bool {
        var index = components.startIndex
        for element in route.components {
            if element == .recursiveWildcard { return index < components.endIndex }
            guard index < components.endIndex, element ~= components[index] else { return false }
            index += 1
        }
        return index == components.endIndex
    }
}
