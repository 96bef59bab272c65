import Foundation
import XpediteProtocol

extension XpediteClient {
    /// The bytes of an image the screen shows, for a renderer that draws images from the engine's
    /// cache (the browser simulator serves them to its page): the URL a manifest maps `id` to
    /// (docs/protocol/packets.md#images), else `url` — an image URL or an old-dialect file name,
    /// resolved against the images folder and then ``ClientConfiguration/imageBaseURL`` as the
    /// engine's own loads are. Comes from the disk cache when there (also offline), otherwise from
    /// the image loader, and is then cached; `nil` when it cannot be had.
    public func imageData(id: String?, url: String?) async -> Data? {
        await prepare()
        let reference: String
        if let id, let mapped = imageURLs[id] {
            reference = mapped
        } else if let url {
            reference = url
        } else {
            return nil
        }
        let resolved = imageFolder.map { Images.resolve(name: reference, inFolder: $0) } ?? reference
        return await Self.fetchImage(resolved, loader: configuration.imageLoader, cache: cache,
                                     base: configuration.imageBaseURL)?.body
    }

    /// `url` made absolute against `base` (RFC 3986 resolution, as `URL(string:relativeTo:)`);
    /// a URL with a scheme, or any URL when there is no base, is returned as it is.
    static func resolve(_ url: String, against base: URL?) -> String {
        guard let base, URL(string: url)?.scheme == nil,
              let absolute = URL(string: url, relativeTo: base)?.absoluteString else { return url }
        return absolute
    }
}
