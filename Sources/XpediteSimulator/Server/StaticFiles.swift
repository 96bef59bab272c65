import Foundation
import XpediteStaticFiles

/// The JavaScript, CSS and icon of the pages: plain files in the module's resources
/// (`Resources/static`), read once at start. Only the files listed here are served, from memory,
/// with their validators and gzipped (``served``); their names carry no version, so a browser
/// revalidates them on each use and gets a `304` when they have not changed.
struct StaticFiles: Sendable {
    struct File: Sendable {
        var contents: Data
        var type: String
    }

    static let types = [
        "app-switch.js": "text/javascript; charset=utf-8",
        "frame-wrappers.js": "text/javascript; charset=utf-8",
        "notify-calls.js": "text/javascript; charset=utf-8",
        "notify-inspector.js": "text/javascript; charset=utf-8",
        "phone-app.js": "text/javascript; charset=utf-8",
        "simulator.css": "text/css; charset=utf-8",
        "icon.svg": "image/svg+xml",
    ]

    private let files: [String: File]
    /// The same files as answered: validators, `Cache-Control`, gzip.
    let served: StaticFileSet

    func file(named name: String) -> File? {
        files[name]
    }

    static func load() throws -> StaticFiles {
        var files: [String: File] = [:]
        var served: [String: StaticFile] = [:]
        for (name, type) in types {
            guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "static") else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "static/\(name)"])
            }
            let contents = try Data(contentsOf: url)
            let modified = try url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate
            files[name] = File(contents: contents, type: type)
            served[name] = try StaticFile(contents: contents, type: type, lastModified: modified ?? Date(),
                                          cacheControl: StaticFileSet.revalidate)
        }
        return StaticFiles(files: files, served: StaticFileSet(files: served))
    }
}
