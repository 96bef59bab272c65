import Hummingbird

/// The request context of the device routes (docs/notify-api.md#device-routes): the application's
/// context plus the device its token belongs to, set by ``DeviceAuthentication``.
struct DeviceRequestContext<Parent: RequestContext>: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The authenticated device; set before any handler runs.
    var device: NotifyDevice?

    init(context: Parent) {
        coreContext = context.coreContext
    }

    /// The authenticated device (401 if the middleware did not run, which the routes never allow).
    func requireDevice() throws -> NotifyDevice {
        guard let device else { throw NotifyError.unauthorized("a device token is required") }
        return device
    }
}
