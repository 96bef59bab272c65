import Foundation
import Hummingbird
import XpediteNotifyWeb

extension Notifier {
    /// The base path of every route (docs/notify-api.md#conventions).
    public static let basePath = "notify/v1"
    /// The path of the notification app.
    public static let appPath = "notify/app"
    /// The path of the operators' console (docs/console.md).
    public static let consolePath = "notify/console"

    /// Adds every route of docs/notify-api.md under `/notify/v1` to a Hummingbird router, the
    /// notification app under `/notify/app/` and the operators' console under `/notify/console/`: one route collection per concept (the controllers),
    /// each with its credentials check, behind one error middleware; a method a path does not take
    /// answers 405 with `Allow`, a path the API does not have 404, both with the error object
    /// (``MethodNotAllowedMiddleware``, added to the router itself).
    ///
    /// - Throws: when the app's or the console's files are missing from XpediteNotifyWeb's resources.
    public func mount<Context: RequestContext>(on router: Router<Context>) throws {
        router.addRoutes(try AppController<Context>(notifier: self, files: NotifyAppFiles.load()).routes,
                         atPath: RouterPath(Self.appPath))
        // Outermost, so that it also sees the credentials checks' answers (decision 197).
        let api = router.group(RouterPath(Self.basePath))
            .add(middleware: HeadWithoutBody())
            .add(middleware: NotifyErrorMiddleware(maximumBodySize: configuration.maximumBodySize, logger: logger))
        api.getAndHead("openapi.json") { _, _ in
            JSONResponse.make(data: Data(NotifyOpenAPIDocument.json.utf8))
        }
        api.addRoutes(PeopleController(notifier: self).routes)
        api.addRoutes(MessagesController(notifier: self).routes)
        api.addRoutes(DeliveriesController(notifier: self).routes)
        api.addRoutes(PayloadsController(notifier: self).routes)
        api.addRoutes(TopicsController(notifier: self).routes)
        api.addRoutes(BackendDocumentsController(notifier: self).routes)
        api.addRoutes(OperatorsController(notifier: self).routes)
        api.addRoutes(OperationController(notifier: self).routes)
        let device = api.group(context: DeviceRequestContext<Context>.self)
        device.addRoutes(DeviceController(notifier: self).routes)
        device.addRoutes(DocumentsController(notifier: self).routes)
        let console = try ConsoleController<Context>(notifier: self)
        router.addRoutes(console.pageRoutes, atPath: RouterPath(Self.consolePath))
        router.group(RouterPath(Self.consolePath))
            .add(middleware: HeadWithoutBody())
            .add(middleware: NotifyErrorMiddleware(maximumBodySize: configuration.maximumBodySize, logger: logger))
            .addRoutes(console.sessionRoutes)
        router.add(middleware: MethodNotAllowedMiddleware(basePath: "/" + Self.basePath, routes: router.routes))
    }
}
