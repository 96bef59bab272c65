/// Dates and date-times as expressions read them (docs/notify.md#expressions): dates
/// `yyyy-MM-dd`, date-times `yyyy-MM-ddTHH:mm[:ss[.fraction]](Z|±HH:mm)` (``ISODateTime``), with
/// the same arithmetic as the web app (`js/expressions/values.js`), so both give the same day
/// numbers and instants to the bit.
enum ExpressionCalendar {
    /// A date, or `nil` when `text` is not a real date `yyyy-MM-dd`.
    static func date(_ text: String) -> ExpressionValue? {
        let bytes = Array(text.utf8)
        guard let day = day(bytes) else { return nil }
        return .date(day: day, text: text)
    }

    /// A date-time, or `nil` when `text` is not one.
    static func dateTime(_ text: String) -> ExpressionValue? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 17, bytes[10] == UInt8(ascii: "T"), let day = day(Array(bytes[0..<10])) else { return nil }
        let hour = digits(bytes, 11, 2)
        let minute = digits(bytes, 14, 2)
        guard bytes[13] == UInt8(ascii: ":"), hour >= 0, hour <= 23, minute >= 0, minute <= 59 else { return nil }
        var position = 16
        var second = 0
        var fraction = 0.0
        if byte(bytes, position) == UInt8(ascii: ":") {
            second = digits(bytes, position + 1, 2)
            guard second >= 0, second <= 59 else { return nil }
            position += 3
            if byte(bytes, position) == UInt8(ascii: ".") {
                let start = position + 1
                position = start
                while let next = byte(bytes, position), next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") { position += 1 }
                guard position > start, let value = Double("0." + String(decoding: bytes[start..<position], as: UTF8.self)) else {
                    return nil
                }
                fraction = value
            }
        }
        var offset = 0
        switch byte(bytes, position) {
        case UInt8(ascii: "Z"):
            guard position + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let hours = digits(bytes, position + 1, 2)
            let minutes = digits(bytes, position + 4, 2)
            guard byte(bytes, position + 3) == UInt8(ascii: ":"), hours >= 0, hours <= 23, minutes >= 0, minutes <= 59,
                  position + 6 == bytes.count else { return nil }
            offset = (bytes[position] == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes)
        default:
            return nil
        }
        // The same operations, in the same order, as the web app: every term is exact but the fraction's.
        let milliseconds = Double(day) * 86_400_000 + Double(hour) * 3_600_000 + Double(minute) * 60000 + Double(second) * 1000
            + fraction * 1000 - Double(offset) * 60000
        return .dateTime(milliseconds: milliseconds, text: text)
    }

    private static func byte(_ bytes: [UInt8], _ index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// The number of exactly `count` digits from `from`, or -1.
    private static func digits(_ bytes: [UInt8], _ from: Int, _ count: Int) -> Int {
        var value = 0
        for index in from..<from + count {
            guard let digit = byte(bytes, index), digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return -1 }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }

    /// Days since 1970-01-01 of the date in `bytes` (`yyyy-MM-dd`), or `nil`.
    private static func day(_ bytes: [UInt8]) -> Int? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        let year = digits(bytes, 0, 4)
        let month = digits(bytes, 5, 2)
        let day = digits(bytes, 8, 2)
        guard year >= 0, month >= 1, month <= 12, day >= 1, day <= daysInMonth(year, month) else { return nil }
        return daysFromCivil(year, month, day)
    }

    private static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        if month == 2 { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28 }
        return [4, 6, 9, 11].contains(month) ? 30 : 31
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
