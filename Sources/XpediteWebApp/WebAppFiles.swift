import Crypto
import Foundation

/// The Xpedite web app's files: the engine, layout and renderer as plain ES modules, the page, its
/// style, the service worker and the manifest, kept in the module's resources (`Resources/web`)
/// and read once. A server serves them under its app path (the simulator at `{base}/app/`,
/// docs/phone-app.md); only files of a known type are served.
///
/// ```swift
/// let files = try WebAppFiles.load()
/// if let file = files.file(at: "js/engine/engine.js") { respond(file.contents, file.type, file.etag) }
/// ```
public struct WebAppFiles: Sendable {
    /// One file: its bytes, `Content-Type` and entity tag.
    public struct File: Sendable {
        /// The bytes.
        public var contents: Data
        /// The `Content-Type` it is served with.
        public var type: String
        /// A strong entity tag of the bytes (quoted), for `ETag` and `If-None-Match`.
        public var etag: String
    }

    /// The `Content-Type` of each served extension.
    static let types = [
        "html": "text/html; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "json": "application/json",
        "webmanifest": "application/manifest+json",
    ]

    private let files: [String: File]

    /// The file at `path` (relative to the app's folder, e.g. `js/app/config.js`), if it is served.
    public func file(at path: String) -> File? {
        files[path]
    }

    /// The paths of every served file, sorted (what the service worker keeps for a start without
    /// the network).
    public var paths: [String] { files.keys.sorted() }

    /// Reads every file of a known type under the module's `web` resource folder.
    ///
    /// - Throws: when the folder or its `index.html` is missing, or a file cannot be read.
    public static func load() throws -> WebAppFiles {
        guard let root = Bundle.module.url(forResource: "web", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "web"])
        }
        return try load(from: root)
    }

    /// Reads every file of a known type under `root`.
    ///
    /// - Throws: when `root` or its `index.html` is missing, or a file cannot be read.
    public static func load(from root: URL) throws -> WebAppFiles {
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
            let contents = try Data(contentsOf: url)
            let digest = SHA256.hash(data: contents).prefix(12).map { String(format: "%02x", $0) }.joined()
            files[String(path.dropFirst(rootPath.count + 1))] = File(contents: contents, type: type, etag: "\"\(digest)\"")
        }
        guard files["index.html"] != nil else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "web/index.html"])
        }
        return WebAppFiles(files: files)
    }
}
