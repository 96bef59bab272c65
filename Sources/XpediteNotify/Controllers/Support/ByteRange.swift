import Foundation

/// A single byte range of a `Range` header (RFC 9110 §14.1.2) resolved against a document's
/// size: `bytes=a-b`, `bytes=a-` and `bytes=-n` (the last n bytes). Anything else (several
/// ranges, another unit, bad syntax) is not read, and the whole document is answered, as
/// RFC 9110 §14.2 allows.
enum ByteRange: Equatable {
    /// The bytes to send, within the document.
    case satisfiable(ClosedRange<Int>)
    /// No byte of the range is in the document (416).
    case unsatisfiable

    /// The range a header asks of a document of `size` bytes; `nil` when the header is not one
    /// single byte range (the whole document is answered).
    init?(header: String, size: Int) {
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes="), !text.contains(",") else { return nil }
        let spec = text.dropFirst("bytes=".count)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let first = parts[0].trimmingCharacters(in: .whitespaces)
        let last = parts[1].trimmingCharacters(in: .whitespaces)
        guard first.allSatisfy(\.isASCIIDigit), last.allSatisfy(\.isASCIIDigit), !(first.isEmpty && last.isEmpty) else { return nil }
        if first.isEmpty {
            // A suffix: the last n bytes (all of them when n is larger than the document).
            guard let count = Int(last) else { return nil }
            guard count > 0, size > 0 else { self = .unsatisfiable; return }
            self = .satisfiable(max(0, size - count)...(size - 1))
            return
        }
        guard let start = Int(first) else { return nil }
        var end = size - 1
        if !last.isEmpty {
            guard let requested = Int(last), requested >= start else { return nil }
            end = min(requested, size - 1)
        }
        guard start < size else { self = .unsatisfiable; return }
        self = .satisfiable(start...end)
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
