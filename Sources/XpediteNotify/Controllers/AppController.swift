import Foundation
import Hummingbird
import NIOCore
import XpediteNotifyWeb
import XpediteProtocol
import XpediteStaticFiles

/// The notification app (`GET /notify/app/` and its files, plus `config.json` with the map tiles).
/// The files are XpediteNotifyWeb's (`NotifyAppFiles`). Every answer carries
/// `NotifyAppFiles.contentSecurityPolicy`; HEAD answers like GET without the body (its status and
/// headers, `Content-Length` included), a path the app does not have alike: 404 with the policy.
struct AppController<Context: RequestContext>: Sendable {
    /// The app's files (`NotifyAppFiles.served`), their answers carrying ``headers``, made once.
    let files: StaticFileSet
    /// `config.json`: the map tiles the app uses (configuration, so not a file of the app).
    let config: StaticFile

    /// The app of `files`, configured by `notifier`'s configuration.
    ///
    /// - Throws: when `config.json` cannot be compressed.
    init(notifier: Notifier, files: NotifyAppFiles) throws {
        self.files = files.served.adding(headers: Self.headers)
        config = try StaticFile(contents: CanonicalJSON.data(.object(["mapTileURL": .string(notifier.configuration.mapTileURL)])),
                                type: "application/json", lastModified: Date(), cacheControl: StaticFileSet.revalidate)
            .adding(headers: Self.headers)
    }

    /// The routes, relative to ``Notifier/appPath``.
    var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.getAndHead("", use: index)
        routes.getAndHead("config.json", use: configuration)
        routes.getAndHead("**", use: file)
        return routes
    }

    /// The page. The router takes `/notify/app` and `/notify/app/` for one path; the page's
    /// relative URLs need the slash, so the bare path is redirected to it.
    func index(_ request: Request, context: Context) async throws -> Response {
        guard request.uri.path.hasSuffix("/") else {
            return Response(status: .movedPermanently, headers: [.location: "\(request.uri.path)/", .contentSecurityPolicy: Self.policy])
        }
        return fileResponse(request, path: "index.html")
    }

    /// The map tiles the app uses, revalidated like the page.
    func configuration(_ request: Request, context: Context) async throws -> Response {
        StaticFileSet.response(to: request, file: config)
    }

    func file(_ request: Request, context: Context) async throws -> Response {
        fileResponse(request, path: context.parameters.getCatchAll().joined(separator: "/"))
    }

    /// The file at `path` with the app's headers (``StaticFileSet/response(to:path:headers:)``),
    /// or 404 with the policy.
    func fileResponse(_ request: Request, path: String) -> Response {
        if let response = files.response(to: request, path: path) { return response }
        return Response(status: .notFound, headers: [.contentType: "text/plain; charset=utf-8", .contentSecurityPolicy: Self.policy],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: "not found")))
    }

    static var policy: String { NotifyAppFiles.contentSecurityPolicy }

    /// The headers of every file of the app: the policy and no sniffing (made into the files'
    /// answers once, by `init`).
    static var headers: HTTPFields { [.contentSecurityPolicy: policy, .xContentTypeOptions: "nosniff"] }
}
