import XpediteProtocol

/// Random JSON trees for property tests: every kind of value, strings with escapes, controls,
/// slashes and non-ASCII text, numbers from small integers to arbitrary bit patterns.
struct RandomTree {
    var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func value(depth: Int = 0) -> JSONValue {
        let kinds = depth >= 4 ? 4 : 6
        switch Int.random(in: 0..<kinds, using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(number())
        case 3: return .string(string())
        case 4:
            return .array((0..<Int.random(in: 0...5, using: &generator)).map { _ in value(depth: depth + 1) })
        default:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...6, using: &generator) { object[key()] = value(depth: depth + 1) }
            return .object(object)
        }
    }

    mutating func number() -> Double {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: return Double(Int.random(in: -1000...1000, using: &generator))
        case 1: return Double(Int64.random(in: -9_007_199_254_740_992...9_007_199_254_740_992, using: &generator))
        case 2: return Double(Int.random(in: -100_000...100_000, using: &generator)) / 100
        case 3: return Double.random(in: -1e30...1e30, using: &generator)
        case 4: return Double.random(in: -1e-5...1e-5, using: &generator)
        default:
            // Any finite bit pattern: subnormals, huge exponents, integral values beyond 2^53.
            while true {
                let number = Double(bitPattern: generator.next())
                if number.isFinite { return number }
            }
        }
    }

    /// Text from a pool that holds everything an escaper must get right. (Not U+FEFF: Foundation's
    /// `JSONSerialization` on Linux drops a byte-order mark inside a string, so no writer's text
    /// would parse back to the same tree; the fixture and unit tests cover it against `JSONEncoder`.)
    mutating func string() -> String {
        let pool: [String] = ["a", "Z", "0", " ", "/", "\\", "\"", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}",
                              "\u{01}", "\u{1F}", "\u{7F}", "é", "e\u{301}", "ß", "中", "😀", "\u{2028}",
                              "<", "&", "'", "{", "}", "[", "]", ":", ","]
        let count = Int.random(in: 0...12, using: &generator)
        return (0..<count).map { _ in pool[Int.random(in: 0..<pool.count, using: &generator)] }.joined()
    }

    /// Keys from a pool whose members no two canonically equivalent strings share, so a JSON
    /// parser keeps every key apart; sorting by bytes and by rank both get exercised.
    mutating func key() -> String {
        let pool = ["type", "id", "size", "width%", "x+", "a", "A", "_", "a-b", "a10", "a2", "B", "Ab", "aB", "", "1",
                    "10", "2", "ä", "é", "ｆ", "f", "😀", "name", "city", "type2", "x", "y", "width", "with/slash",
                    "quote\"d", "tab\there", "中文", "z"]
        return pool[Int.random(in: 0..<pool.count, using: &generator)]
    }
}
