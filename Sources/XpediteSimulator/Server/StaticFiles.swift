import Foundation

/// The JavaScript, CSS and icon of the pages: plain files in the module's resources
/// (`Resources/static`), read once at start. Only the files listed here are served.
struct StaticFiles: Sendable {
    struct File: Sendable {
        var contents: Data
        var type: String
    }

    static let types = [
        "simulator.js": "text/javascript; charset=utf-8",
        "app-switch.js": "text/javascript; charset=utf-8",
        "phone-app.js": "text/javascript; charset=utf-8",
        "simulator.css": "text/css; charset=utf-8",
        "icon.svg": "image/svg+xml",
    ]

    private let files: [String: File]

    func file(named name: String) -> File? {
        files[name]
    }

    static func load() throws -> StaticFiles {
        var files: [String: File] = [:]
        for (name, type) in types {
            guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "static") else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "static/\(name)"])
            }
            files[name] = File(contents: try Data(contentsOf: url), type: type)
        }
        return StaticFiles(files: files)
    }
}
