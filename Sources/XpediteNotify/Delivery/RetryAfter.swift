import Foundation

/// A `Retry-After` header's wait (RFC 9110 §10.2.3): delay seconds, or an HTTP date.
public enum RetryAfter {
    /// The wait `value` asks for, counted from `now`: `120` → 120 s; `Wed, 21 Oct 2015 07:28:00 GMT`
    /// → the time until then (zero when it is past). `nil` when the value is neither.
    public static func duration(_ value: String, now: Date) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCIIDigit) {
            guard let seconds = Int64(trimmed) else { return nil }
            return .seconds(seconds)
        }
        guard let date = httpDate(trimmed) else { return nil }
        let seconds = max(0, date.timeIntervalSince(now)).rounded(.up)
        return .seconds(Int64(seconds))
    }

    /// The date of an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), or of the obsolete RFC 850
    /// and asctime forms a recipient must also accept.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}

extension Character {
    /// `0`–`9`.
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
