import XpediteProtocol

/// Where the browser loads an image from: the URL the screen's image manifest gives the image's
/// `id` (§2.9, first, as the engine does), an absolute `url`, or a file name in the old dialect's
/// images folder.
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

    static func isWebURL(_ text: String) -> Bool {
        text.hasPrefix("https://") || text.hasPrefix("http://")
    }
}
