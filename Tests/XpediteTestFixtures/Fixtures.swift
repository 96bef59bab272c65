import Foundation

/// The language-neutral fixtures under Tests/Fixtures, shared by the test targets (the library
/// tests read them in process, XpediteCLITests through the `xpedite` binary).
public enum Fixtures {
    /// The Tests/Fixtures folder.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The `.json` files of a fixture folder, by name, sorted; none when the folder is missing
    /// (the tests that use them then check a minimum count).
    public static func files(in folder: String) -> [String] {
        let directory = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    /// The file `name` of `folder`.
    public static func url(_ folder: String, _ name: String) -> URL {
        root.appendingPathComponent(folder).appendingPathComponent(name)
    }

    /// The bytes of the file `name` of `folder`.
    public static func data(_ folder: String, _ name: String) throws -> Data {
        try Data(contentsOf: url(folder, name))
    }
}
