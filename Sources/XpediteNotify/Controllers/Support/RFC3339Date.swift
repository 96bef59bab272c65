import Foundation

/// An RFC 3339 timestamp read from a request (`expiresAt`): `2026-12-01T09:30:00Z`, with or
/// without fractional seconds, with `Z` or an offset such as `+01:00`.
enum RFC3339Date {
    /// The instant `text` names, `nil` when it is not an RFC 3339 date-time.
    static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
