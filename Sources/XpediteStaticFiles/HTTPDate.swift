import Foundation

/// Dates as HTTP writes them (RFC 9110 §5.6.7, IMF-fixdate): `Sun, 06 Nov 1994 08:49:37 GMT`.
enum HTTPDate {
    /// `date` as an IMF-fixdate.
    static func string(_ date: Date) -> String {
        formatter().string(from: date)
    }

    /// An IMF-fixdate read; `nil` for anything else.
    static func date(_ text: String) -> Date? {
        formatter().date(from: text)
    }

    /// A formatter per call: `DateFormatter` is not `Sendable`. Files keep their date's text
    /// (``StaticFile/lastModifiedText``), so this runs once per file, and per `If-Modified-Since`
    /// that is not the text a file sent.
    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }
}
