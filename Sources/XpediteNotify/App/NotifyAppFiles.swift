import Foundation

/// The notification app's files (`/notify/app/`): plain HTML, CSS, JavaScript modules, icons and
/// the vendored Leaflet, kept in the module's resources (`Resources/app`) and read once when the
/// routes are mounted. Only files of a known type are served.
public struct NotifyAppFiles: Sendable {
    /// One file: its bytes and `Content-Type`.
    public struct File: Sendable {
        /// The bytes.
        public var contents: Data
        /// The `Content-Type` it is served with.
        public var type: String
    }

    /// The tiles a map uses unless configured otherwise: OpenStreetMap's.
    public static let defaultMapTileURL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"

    /// The `Content-Type` of each served extension.
    static let types = [
        "html": "text/html; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "webmanifest": "application/manifest+json",
    ]

    /// The Content-Security-Policy of every answer under `/notify/app/`: scripts, styles, workers
    /// and the manifest only from this server (no inline script, no `eval`, no style attributes
    /// in markup); images from anywhere (payload images, map tiles) and local blobs; media only
    /// from local blobs (captured and fetched media); calls only to this server; no frames, no
    /// plugins, no forms posting elsewhere; framed only by pages of this server (the simulator).
    public static let contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; "
        + "img-src 'self' data: blob: http: https:; media-src 'self' blob:; connect-src 'self'; worker-src 'self'; "
        + "manifest-src 'self'; frame-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; "
        + "frame-ancestors 'self'"

    private let files: [String: File]

    /// The file at `path` (relative to the app's folder, e.g. `js/app.js`), if it is served.
    public func file(at path: String) -> File? {
        files[path]
    }

    /// The paths of every served file.
    public var paths: [String] { files.keys.sorted() }

    /// Reads every file of a known type under the module's `app` resource folder.
    ///
    /// - Throws: when the folder is missing or a file cannot be read.
    public static func load() throws -> NotifyAppFiles {
        guard let root = Bundle.module.url(forResource: "app", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "app"])
        }
        return try load(from: root)
    }

    /// Reads every file of a known type under `root`.
    static func load(from root: URL) throws -> NotifyAppFiles {
        var files: [String: File] = [:]
        let rootPath = root.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: rootPath])
        }
        for case let url as URL in enumerator {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true,
                  let type = types[url.pathExtension] else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(rootPath + "/") else { continue }
            files[String(path.dropFirst(rootPath.count + 1))] = File(contents: try Data(contentsOf: url), type: type)
        }
        guard files["index.html"] != nil else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "app/index.html"]) }
        return NotifyAppFiles(files: files)
    }
}
