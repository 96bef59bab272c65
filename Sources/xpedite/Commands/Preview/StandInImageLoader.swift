import Foundation
import XpediteClient

/// The image loader of `xpedite preview --image-stand-in URL` (a hidden option of the browser
/// tests): every image, wherever its URL points, is asked of one stand-in server as
/// `URL?url=<the image's absolute URL>`, so screens whose images live on hosts the tests cannot
/// reach (`https://my.app/…`, the documents' examples) show deterministic pictures of a known size.
struct StandInImageLoader: ImageLoader {
    /// The stand-in's image route, e.g. `http://127.0.0.1:PORT/image`.
    let route: URL
    let loader = HTTPImageLoader(timeout: .seconds(10))

    func load(_ url: URL) async throws -> Data {
        guard var components = URLComponents(url: route, resolvingAgainstBaseURL: false) else {
            throw TransportError.connectionFailed("the image stand-in URL \(route) is not a URL")
        }
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "url", value: url.absoluteString)]
        guard let location = components.url else {
            throw TransportError.connectionFailed("no stand-in URL for the image \(url)")
        }
        return try await loader.load(location)
    }
}
