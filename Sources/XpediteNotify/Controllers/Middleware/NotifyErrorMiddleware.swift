import Hummingbird
import Logging
import NIOCore

/// Turns what a route or its middleware throws into the error object of
/// docs/notify-api.md#conventions: a ``NotifyError`` as it is (it chooses its status), a body over
/// the limit as 413, anything else as 500 without detail (a fault of the server, logged), so bad
/// input never gets a 5xx and no internal detail leaves. The one place of the API that does so.
struct NotifyErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The body limit named by a 413.
    let maximumBodySize: Int
    let logger: Logger

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as NotifyError {
            return error.response
        } catch is NIOTooManyBytesError {
            return NotifyError.tooLarge(limit: maximumBodySize).response
        } catch {
            logger.error("notify route failed", metadata: ["path": .string(request.uri.path), "error": "\(error)"])
            return NotifyError.internal.response
        }
    }
}
