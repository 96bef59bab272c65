import Hummingbird
import XpediteServer

/// `GET /images/logo.svg` and `GET /images/avatars/<id>.svg`: the pictures of the image
/// manifest, drawn by the demo itself so it works offline.
struct DemoImageRoutes: Sendable {
    let store: any DemoStore

    func add(to router: Router<XpediteRequestContext>) {
        router.get(RouterPath(DemoImages.logoPath)) { _, _ in
            Self.svg(DemoImages.logoSVG)
        }
        router.get(RouterPath(DemoImages.avatarFolder + "/{file}")) { [store] _, context in
            let file = context.parameters.get("file") ?? ""
            guard file.hasSuffix(".svg"), let id = Int(file.dropLast(4)),
                  let customer = try await store.customer(id: id)
            else { return Response(status: .notFound) }
            return Self.svg(DemoImages.avatarSVG(id: id, initials: customer.initials))
        }
    }

    static func svg(_ text: String) -> Response {
        Response(status: .ok,
                 headers: [.contentType: "image/svg+xml; charset=utf-8", .cacheControl: "public, max-age=3600"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
