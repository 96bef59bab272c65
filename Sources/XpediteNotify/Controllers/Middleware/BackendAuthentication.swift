import Hummingbird

/// Guards the backend routes of docs/notify-api.md: an API key (`Authorization: Bearer <api
/// key>`) may call every one; without an `Authorization` header, a console session cookie may
/// call those its operator's role allows (``RouteRoles``), and a change (POST, PUT, PATCH,
/// DELETE) with a session must come from this server's pages (``ConsoleRequest/isSameOrigin(_:)``)
/// and carry the session's token in `X-CSRF-Token` (decision 0445). No credentials, a bad key or
/// an ended session → 401; a session without the role or the token → 403; both with the error object.
struct BackendAuthentication<Context: RequestContext>: RouterMiddleware {
    let notifier: Notifier

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        if let authorization = request.headers[.authorization] {
            guard let key = Credentials.bearer(authorization), notifier.apiKeys.contains(key) else {
                return NotifyError.unauthorized("an API key is required").response
            }
            return try await next(request, context)
        }
        guard let sessionId = ConsoleRequest.sessionId(request),
              let session = try await notifier.consoleAccounts.consoleSession(id: sessionId) else {
            return NotifyError.unauthorized("an API key or a console session is required").response
        }
        if RouteRoles.changes(request.method) {
            guard ConsoleRequest.isSameOrigin(request) else {
                return NotifyError.csrf("a change with a console session must come from the console's own pages").response
            }
            guard let token = ConsoleRequest.header(request, ConsoleRequest.csrfHeader),
                  Credentials.digest(token) == Credentials.digest(session.csrfToken) else {
                return NotifyError.csrf("a change with a console session needs the session's X-CSRF-Token").response
            }
        }
        let prefix = "/" + Notifier.basePath + "/"
        let path = context.endpointPath.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 } ?? ""
        guard case .role(let needed) = RouteRoles.access(request.method, path: path), session.role >= needed else {
            return NotifyError.forbidden("the role \(session.role.rawValue) may not \(request.method.rawValue) /\(path)").response
        }
        return try await next(request, context)
    }
}
