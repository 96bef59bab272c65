import Foundation

/// The clock `today()` and `now()` read (docs/notify.md#expressions): an instant with the offset
/// of the place it is read in. `now()` is the instant; `today()` is its date at that offset.
///
/// It is passed in, never read behind the caller's back, so that tests are deterministic:
///
/// ```swift
/// let clock = try #require(ExpressionClock("2026-11-27T16:45:00+01:00"))   // today() is 2026-11-27
/// let live = ExpressionClock.system()                                      // this device, now
/// ```
public struct ExpressionClock: Sendable {
    /// What `today()` gives.
    public let today: ExpressionValue
    /// What `now()` gives.
    public let now: ExpressionValue

    /// A clock stopped at an ISO 8601 date-time with an offset (`2026-11-27T16:45:00+01:00`);
    /// `nil` when `text` is not one.
    public init?(_ text: String) {
        guard let now = ExpressionCalendar.dateTime(text),
              let today = ExpressionCalendar.date(String(decoding: text.utf8.prefix(10), as: UTF8.self)) else { return nil }
        self.today = today
        self.now = now
    }

    /// The clock at `date` in `timeZone` (by default this moment, in the device's time zone), to
    /// the second.
    public static func system(_ date: Date = Date(), timeZone: TimeZone = .current) -> ExpressionClock {
        let offset = timeZone.secondsFromGMT(for: date) / 60
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func pad(_ value: Int?, _ width: Int = 2) -> String {
            let digits = String(abs(value ?? 0))
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let text = "\(pad(parts.year, 4))-\(pad(parts.month))-\(pad(parts.day))T\(pad(parts.hour)):\(pad(parts.minute)):\(pad(parts.second))"
            + "\(offset < 0 ? "-" : "+")\(pad(abs(offset) / 60)):\(pad(abs(offset) % 60))"
        // The text is made in the form the initialiser reads; the epoch is its fallback.
        return ExpressionClock(text) ?? ExpressionClock.epoch
    }

    /// 1970-01-01T00:00:00Z: the clock of evaluations that read none.
    static let epoch = ExpressionClock(today: .date(day: 0, text: "1970-01-01"),
                                               now: .dateTime(milliseconds: 0, text: "1970-01-01T00:00:00Z"))

    private init(today: ExpressionValue, now: ExpressionValue) {
        self.today = today
        self.now = now
    }
}
