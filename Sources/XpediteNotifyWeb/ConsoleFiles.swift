import Foundation
import XpediteStaticFiles

/// The operators' console's files (`/notify/console/`, docs/console.md): its page, styles and
/// JavaScript modules, kept in this module's resources (`Resources/console`, decision 0560) and
/// read once when XpediteNotify mounts the console's routes. Only files of a known type are
/// served, from memory, with their validators and gzipped; every file is revalidated on each use
/// and costs a `304` when it has not changed.
public enum ConsoleFiles {
    /// Reads every file of a known type under the module's `console` resource folder.
    ///
    /// - Throws: when the folder or its `index.html` is missing, or a file cannot be read.
    public static func load() throws -> StaticFileSet {
        guard let root = Bundle.module.url(forResource: "console", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "console"])
        }
        return try NotifyAppFiles.load(from: root).served
    }
}
