import Foundation

/// A calendar date as the protocol's date fields send it, `yyyy-MM-dd`
/// (docs/protocol/components/inputs.md#date, docs/protocol/values.md#input-values), with no time
/// and no time zone, so it never shifts by a day.
///
/// Decode a form's date field into it (or into Foundation's `Date`, which gives midnight UTC).
public struct CalendarDay: Sendable, Hashable, Comparable, Codable, LosslessStringConvertible {
    /// The year, e.g. `1990`.
    public var year: Int
    /// The month, 1–12.
    public var month: Int
    /// The day of the month, 1–31.
    public var day: Int

    /// Creates a day; `nil` when the date does not exist (month 13, February 30).
    public init?(year: Int, month: Int, day: Int) {
        guard (0...9999).contains(year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
        guard CalendarDate.isValid(description) else { return nil }
    }

    /// Parses `yyyy-MM-dd`; `nil` for any other text or a date that does not exist.
    public init?(_ description: String) {
        guard CalendarDate.isValid(description) else { return nil }
        let parts = description.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        self.year = parts[0]
        self.month = parts[1]
        self.day = parts[2]
    }

    /// The day that `date` falls on in `timeZone` (UTC by default).
    public init(_ date: Date, in timeZone: TimeZone = .gmt) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = calendar.dateComponents([.year, .month, .day], from: date)
        year = components.year ?? 1970
        month = components.month ?? 1
        day = components.day ?? 1
    }

    /// `yyyy-MM-dd`, zero-padded: the form the phone sends and a date field's `value` takes.
    public var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// Midnight at the start of the day in `timeZone` (UTC by default).
    public func date(in timeZone: TimeZone = .gmt) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day))
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Decodes from a `yyyy-MM-dd` string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = CalendarDay(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a date yyyy-MM-dd")
        }
        self = day
    }

    /// Encodes as a `yyyy-MM-dd` string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
