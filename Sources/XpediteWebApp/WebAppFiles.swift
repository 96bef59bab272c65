import Foundation
import XpediteStaticFiles

/// The Xpedite web app's files: the engine, layout and renderer as plain ES modules, the page, its
/// style, the service worker and the manifest, kept in the module's resources (`Resources/web`)
/// and read once into a `StaticFileSet` (content-hash `ETag`, `Last-Modified`, `304`s and gzip,
/// as every static file of the project is served). A server serves them under its app path (the
/// simulator at `{base}/app/`, docs/phone-app.md); only files of a known type are served.
///
/// ```swift
/// let files = try WebAppFiles.load()
/// router.get("app/**") { request, context in
///     files.response(to: request, path: context.parameters.getCatchAll().joined(separator: "/"))
///         ?? Response(status: .notFound)
/// }
/// ```
public enum WebAppFiles {
    /// Reads every file of a known type under the module's `web` resource folder.
    ///
    /// - Throws: when the folder or its `index.html` is missing, or a file cannot be read.
    public static func load() throws -> StaticFileSet {
        guard let root = Bundle.module.url(forResource: "web", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "web"])
        }
        return try load(from: root)
    }

    /// The folder of the expression modules (`js/expressions`: the language of payload rules,
    /// docs/notify.md#expressions), which the notification app serves too, from this one copy
    /// (decision 0460).
    ///
    /// - Throws: when the folder is missing.
    public static func expressionsFolder() throws -> URL {
        guard let root = Bundle.module.url(forResource: "web", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "web"])
        }
        let folder = root.appendingPathComponent("js/expressions", isDirectory: true)
        guard FileManager.default.fileExists(atPath: folder.path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "web/js/expressions"])
        }
        return folder
    }

    /// Reads every file of a known type under `root`. The names carry no version, so every file
    /// is revalidated on use (`no-cache`): an unchanged file costs a `304`.
    ///
    /// - Throws: when `root` or its `index.html` is missing, or a file cannot be read.
    public static func load(from root: URL) throws -> StaticFileSet {
        let files = try StaticFileSet.load(from: root, types: StaticFileSet.contentTypes) { _ in StaticFileSet.revalidate }
        guard files.file(at: "index.html") != nil else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "web/index.html"])
        }
        return files
    }
}
