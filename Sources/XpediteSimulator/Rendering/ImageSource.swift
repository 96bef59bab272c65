import XpediteProtocol

/// Where the browser loads an image from: the URL the screen's image manifest gives the image's
/// `id` (docs/protocol/packets.md#images, first, as the engine does), an absolute `url`, or a file
/// name in the old dialect's images folder.
enum ImageSource {
    static func url(for image: Component.Image, packet: ResponsePacket?) -> String? {
        if case .manifest(let entries)? = packet?.images, let id = image.id,
           let entry = entries.first(where: { $0.id == id }), isWebURL(entry.url) {
            return entry.url
        }
        if let url = image.url, isWebURL(url) { return url }
        switch packet?.images {
        case .manifest?:
            break
        case .folder(let folder)?:
            if let name = image.url ?? image.name {
                let resolved = Images.resolve(name: name, inFolder: folder)
                if isWebURL(resolved) { return resolved }
            }
        case nil:
            break
        }
        return nil
    }

    /// An image named by one reference that may be a manifest id, a URL or an old-dialect file
    /// name (a navigation's `implementation.image`, a menu entry's `icon`, a button's `icon` that
    /// is no symbol): the manifest first, then an absolute URL, then the images folder.
    static func url(reference: String, packet: ResponsePacket?) -> String? {
        url(for: Component.Image(id: reference, url: reference), packet: packet)
    }

    static func isWebURL(_ text: String) -> Bool {
        text.hasPrefix("https://") || text.hasPrefix("http://")
    }
}
