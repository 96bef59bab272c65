import Foundation
import Hummingbird

/// Requires a device token (`Authorization: Bearer <device token>`) on the device routes of
/// docs/notify-api.md#device-routes and puts its device into the context; anything else is 401
/// with the error object (``NotifyErrorMiddleware``). It also notes when the device was last seen
/// (at most once a minute, so a busy device costs no write per request).
struct DeviceAuthentication<Parent: RequestContext>: RouterMiddleware {
    typealias Context = DeviceRequestContext<Parent>
    let notifier: Notifier

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let token = Credentials.bearer(request.headers[.authorization]),
              let device = try await notifier.people.device(token: token) else {
            throw NotifyError.unauthorized("a device token is required")
        }
        let now = notifier.configuration.now()
        if device.lastSeen.map({ now.timeIntervalSince($0) >= 60 }) ?? true {
            try await notifier.store.touchDevice(key: device.key, at: now)
        }
        var context = context
        context.device = device
        return try await next(request, context)
    }
}
