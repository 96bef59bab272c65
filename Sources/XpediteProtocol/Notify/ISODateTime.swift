/// Date-times as notification payloads and responses carry them (docs/notify.md#field-types): ISO
/// 8601 with an offset, `yyyy-MM-ddTHH:mm[:ss[.fraction]](Z|±HH:mm)`, e.g.
/// `1991-04-20T09:30-07:00`.
public enum ISODateTime {
    /// Whether `text` is a real date and time in that form (so `1991-02-30T10:00Z` is not).
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 17, bytes[10] == UInt8(ascii: "T"),
              CalendarDate.isValid(String(decoding: bytes[0..<10], as: UTF8.self)) else { return false }
        var position = 11
        func twoDigits(max: Int) -> Bool {
            guard position + 2 <= bytes.count, let value = number(bytes[position..<position + 2]), value <= max else {
                return false
            }
            position += 2
            return true
        }
        func expect(_ character: Character) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character.unicodeScalars.first ?? "\0") else {
                return false
            }
            position += 1
            return true
        }
        guard twoDigits(max: 23), expect(":"), twoDigits(max: 59) else { return false }
        if position < bytes.count, bytes[position] == UInt8(ascii: ":") {
            position += 1
            guard twoDigits(max: 59) else { return false }
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                position += 1
                let start = position
                while position < bytes.count, isDigit(bytes[position]) { position += 1 }
                guard position > start else { return false }
            }
        }
        guard position < bytes.count else { return false }
        if bytes[position] == UInt8(ascii: "Z") { return position + 1 == bytes.count }
        guard bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") else { return false }
        position += 1
        guard twoDigits(max: 23), expect(":"), twoDigits(max: 59) else { return false }
        return position == bytes.count
    }

    /// The regular expression of the form, for the JSON Schema (it does not check the calendar).
    public static let pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})$"

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
