import Hummingbird

/// Requires an API key (`Authorization: Bearer <api key>`) on the backend routes of
/// docs/notify-api.md; anything else gets 401 with the error object.
struct BackendAuthentication<Context: RequestContext>: RouterMiddleware {
    let apiKeys: APIKeys

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let key = Credentials.bearer(request.headers[.authorization]), apiKeys.contains(key) else {
            return NotifyError.unauthorized("an API key is required").response
        }
        return try await next(request, context)
    }
}
