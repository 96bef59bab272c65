import Foundation

/// The protocol reference (docs/protocol) as the tests read it: its JSON examples, each a
/// fixture under Tests/Fixtures named by the comment above it, and its key tables, each marked
/// with the wire-model definition it lists.
///
/// A page shows an example as
///
///     <!-- example: protocol/label.json -->
///     ```json
///     …the bytes of Tests/Fixtures/protocol/label.json…
///     ```
///
/// and a key table as `<!-- keys: component.label -->` on the line above the table, whose first
/// column names the keys in `code spans`. `scripts/sync_protocol_examples.py` writes the blocks.
public enum ProtocolReference {
    /// The docs/protocol folder.
    public static let root = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs").appendingPathComponent("protocol")

    /// One ```json block of a page.
    public struct Example: Sendable, CustomStringConvertible {
        /// The page, relative to docs/protocol.
        public var page: String
        /// The 1-based line of the opening fence.
        public var line: Int
        /// The fixture the marker names, relative to Tests/Fixtures (`nil`: no marker above the block).
        public var fixture: String?
        /// The block's text, without the fences, lines joined by "\n".
        public var text: String

        public var description: String { "\(page):\(line)" + (fixture.map { " (\($0))" } ?? "") }
    }

    /// One marked key table of a page.
    public struct KeyTable: Sendable {
        /// The page, relative to docs/protocol.
        public var page: String
        /// The definition named by the marker: `component.<type>` or a catalogue object's name.
        public var definition: String
        /// The keys of its rows, in order.
        public var keys: [String]
    }

    /// The Markdown pages, relative to docs/protocol, sorted.
    public static func pages() throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: root.path])
        }
        var pages: [String] = []
        while let name = walker.nextObject() as? String {
            if name.hasSuffix(".md") { pages.append(name) }
        }
        return pages.sorted()
    }

    /// The lines of a page.
    static func lines(of page: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
        return text.components(separatedBy: "\n")
    }

    /// Every ```json block of every page.
    public static func examples() throws -> [Example] {
        var found: [Example] = []
        for page in try pages() {
            let lines = try lines(of: page)
            var index = 0
            while index < lines.count {
                guard lines[index] == "```json" else { index += 1; continue }
                let end = lines[(index + 1)...].firstIndex(of: "```") ?? lines.count
                let above = index > 0 ? lines[index - 1] : ""
                found.append(Example(page: page, line: index + 1, fixture: marker("example", in: above),
                                     text: lines[(index + 1)..<end].joined(separator: "\n")))
                index = end + 1
            }
        }
        return found
    }

    /// Every marked key table of every page.
    public static func keyTables() throws -> [KeyTable] {
        var found: [KeyTable] = []
        for page in try pages() {
            let lines = try lines(of: page)
            for (index, line) in lines.enumerated() {
                guard let definition = marker("keys", in: line) else { continue }
                // The header row and the separator, then one row per key until the table ends.
                let rows = lines[(index + 1)...].dropFirst(2).prefix { $0.hasPrefix("|") }
                let keys = rows.flatMap { row -> [String] in
                    let firstCell = row.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
                    return codeSpans(in: String(firstCell))
                }
                found.append(KeyTable(page: page, definition: definition, keys: keys))
            }
        }
        return found
    }

    /// The value of `<!-- name: value -->` when `line` is exactly that comment.
    static func marker(_ name: String, in line: String) -> String? {
        let prefix = "<!-- \(name): ", suffix = " -->"
        guard line.hasPrefix(prefix), line.hasSuffix(suffix), line.count > prefix.count + suffix.count else { return nil }
        return String(line.dropFirst(prefix.count).dropLast(suffix.count))
    }

    /// The texts of the `code spans` of a table cell.
    static func codeSpans(in cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}
