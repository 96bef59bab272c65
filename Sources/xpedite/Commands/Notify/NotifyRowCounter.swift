import Foundation

/// Counts the rows an export has written and shows them on stderr (`\r12000 rows`) when asked:
/// CSV rows end at a line break outside quotes (the header is not counted), NDJSON rows at
/// every line break.
final class NotifyRowCounter {
    private let format: NotifyResponses.Format
    private let shows: Bool
    private var rows = 0
    private var quoted = false
    private var shown = 0

    init(format: NotifyResponses.Format, shows: Bool) {
        self.format = format
        self.shows = shows
    }

    /// Counts the rows that end in `bytes`.
    func count(_ bytes: some Sequence<UInt8>) {
        var ended = 0
        for byte in bytes {
            if format == .csv, byte == UInt8(ascii: "\"") { quoted.toggle() }
            if byte == UInt8(ascii: "\n"), !quoted { ended += 1 }
        }
        add(ended)
    }

    /// Counts `count` more rows.
    func add(_ count: Int) {
        rows += count
        if shows, rows - shown >= 1000 {
            shown = rows
            FileHandle.standardError.write(Data("\r\(dataRows) rows".utf8))
        }
    }

    /// The last count, on its own line.
    func finish() {
        if shows { FileHandle.standardError.write(Data("\r\(dataRows) rows\n".utf8)) }
    }

    /// The rows without the CSV header.
    var dataRows: Int { format == .csv ? max(0, rows - 1) : rows }
}
