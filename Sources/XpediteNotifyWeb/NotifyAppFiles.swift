import Foundation
import XpediteStaticFiles
import XpediteWebApp

/// The notification app's files (`/notify/app/`): plain HTML, CSS, JavaScript modules, icons and
/// the vendored Leaflet, kept in this module's resources (`Resources/app`, apart from the
/// notification server's code, decision 0560) and read once when XpediteNotify mounts its routes. Only files of a known type are served, from memory, with their validators
/// and gzipped (``served``): a file whose path carries a version (`vendor/leaflet-1.6.0/…`) is
/// kept a year, every other file (the page, `sw.js`, the modules) is revalidated on each use and
/// costs a `304` when it has not changed.
public struct NotifyAppFiles: Sendable {
    /// One file: its bytes and `Content-Type`.
    public struct File: Sendable {
        /// The bytes.
        public var contents: Data
        /// The `Content-Type` it is served with.
        public var type: String
    }

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
    /// The same files as answered: validators, `Cache-Control`, gzip.
    public let served: StaticFileSet

    /// The `Cache-Control` of the file at `path`: a year for a path with a version in a folder's
    /// name (`name-1.2.3/`), which changes with its content; revalidation for the rest.
    static func cacheControl(_ path: String) -> String {
        let versioned = path.split(separator: "/").dropLast().contains { folder in
            folder.range(of: #"-[0-9]+(\.[0-9]+)+$"#, options: .regularExpression) != nil
        }
        return versioned ? StaticFileSet.immutable : StaticFileSet.revalidate
    }

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
        return try load(from: root, shared: ["js/expressions": WebAppFiles.expressionsFolder()])
    }

    /// Reads every file of a known type under `root`, and those of each `shared` folder under its
    /// key: the web app's expression modules, served from the one copy (decision 0460).
    static func load(from root: URL, shared: [String: URL] = [:]) throws -> NotifyAppFiles {
        var files: [String: File] = [:]
        var served: [String: StaticFile] = [:]
        for (prefix, folder) in [("", root)] + shared.sorted(by: { $0.key < $1.key }).map({ ($0.key + "/", $0.value) }) {
            let folderPath = folder.standardizedFileURL.path
            guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey, .contentModificationDateKey]) else {
                throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: folderPath])
            }
            for case let url as URL in enumerator {
                let values = try url.resourceValues(forKeys: [.isRegularFileKey, .contentModificationDateKey])
                guard values.isRegularFile == true, let type = StaticFileSet.contentTypes[url.pathExtension] else { continue }
                let path = url.standardizedFileURL.path
                guard path.hasPrefix(folderPath + "/") else { continue }
                let relative = prefix + String(path.dropFirst(folderPath.count + 1))
                let contents = try Data(contentsOf: url)
                files[relative] = File(contents: contents, type: type)
                served[relative] = try StaticFile(contents: contents, type: type, lastModified: values.contentModificationDate ?? Date(),
                                                  cacheControl: cacheControl(relative))
            }
        }
        guard files["index.html"] != nil else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "app/index.html"]) }
        return NotifyAppFiles(files: files, served: StaticFileSet(files: served))
    }
}
