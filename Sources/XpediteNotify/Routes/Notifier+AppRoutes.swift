import Foundation
import Hummingbird
import NIOCore
import XpediteProtocol

extension Notifier {
    /// The path of the notification app.
    public static let appPath = "notify/app"

    /// Mounts the notification app (`GET /notify/app/` and its files, plus `config.json` with
    /// the map tiles) on `router`. Every answer carries ``NotifyAppFiles/contentSecurityPolicy``;
    /// HEAD answers like GET without the body (its status and headers, `Content-Length` included),
    /// a path the app does not have alike: 404 with the policy.
    func mountApp<Routes: RouterMethods>(on router: Routes, files: NotifyAppFiles) {
        let config = CanonicalJSON.data(.object(["mapTileURL": .string(configuration.mapTileURL)]))
        // The router takes `/notify/app` and `/notify/app/` for one path; the page's relative
        // URLs need the slash, so the bare path is redirected to it.
        router.getAndHead(RouterPath(Self.appPath)) { request, _ in
            guard request.uri.path.hasSuffix("/") else {
                return Response(status: .movedPermanently,
                                headers: [.location: "\(request.uri.path)/", .contentSecurityPolicy: NotifyAppFiles.contentSecurityPolicy])
            }
            guard let index = files.file(at: "index.html") else { return Self.appNotFound() }
            return Self.appResponse(index.contents, type: index.type)
        }
        router.getAndHead(RouterPath("\(Self.appPath)/config.json")) { _, _ in
            Self.appResponse(config, type: "application/json")
        }
        router.getAndHead(RouterPath("\(Self.appPath)/**")) { _, context in
            let path = context.parameters.getCatchAll().joined(separator: "/")
            guard let file = files.file(at: path) else { return Self.appNotFound() }
            return Self.appResponse(file.contents, type: file.type)
        }
    }

    /// A file of the app with its headers: the policy, no sniffing, revalidated on every load (the
    /// service worker keeps the offline copy).
    static func appResponse(_ data: Data, type: String) -> Response {
        Response(status: .ok,
                 headers: [.contentType: type, .contentSecurityPolicy: NotifyAppFiles.contentSecurityPolicy,
                           .xContentTypeOptions: "nosniff", .cacheControl: "no-cache"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func appNotFound() -> Response {
        Response(status: .notFound,
                 headers: [.contentType: "text/plain; charset=utf-8", .contentSecurityPolicy: NotifyAppFiles.contentSecurityPolicy],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: "not found")))
    }
}
