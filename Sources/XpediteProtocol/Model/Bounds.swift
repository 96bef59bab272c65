import Foundation

/// The screen rectangle a phone reports in `setConnection`: `"(0.0, 0.0, 393.0, 852.0)"`, in
/// logical points (docs/protocol/packets.md#the-bounds-string).
public struct Bounds: Sendable, Hashable, CustomStringConvertible {
    /// The left edge, in points.
    public var x: Double
    /// The top edge, in points.
    public var y: Double
    /// The width, in points.
    public var width: Double
    /// The height, in points.
    public var height: Double

    /// Creates bounds.
    public init(x: Double = 0, y: Double = 0, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Parses the string leniently: whitespace is ignored, integers are accepted and the
    /// parentheses may be missing; width and height must not be negative.
    public init?(parsing text: String) {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if body.hasPrefix("(") { body = body.dropFirst() }
        if body.hasSuffix(")") { body = body.dropLast() }
        let parts = body.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 4 else { return nil }
        var numbers: [Double] = []
        for (index, part) in parts.enumerated() {
            guard Bounds.isDecimal(part, allowSign: index < 2), let number = Double(part) else { return nil }
            numbers.append(number)
        }
        self.init(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// Reads the bounds of a `setConnection` forgivingly, in any shape phones are known to send
    /// (docs/decisions/0025-forgiving-to-phones-a-setconnection-is-never.md):
    ///
    /// - the protocol's string `"(0.0, 0.0, 393.0, 852.0)"` (docs/protocol/packets.md#the-bounds-string, read by ``init(parsing:)``);
    /// - `CGRect`'s own description `"{{0, 0}, {393, 852}}"` (`NSStringFromCGRect`);
    /// - an array of four numbers `[0, 0, 393, 852]`, or `CGRect`'s `Codable` form `[[0, 0], [393, 852]]`;
    /// - an object `{"x": 0, "y": 0, "width": 393, "height": 852}`.
    ///
    /// Numbers may also come as numeric strings. `nil` for anything else, for non-finite numbers
    /// and for a negative width or height.
    public init?(connecting value: JSONValue) {
        let numbers: [Double]?
        switch value {
        case .string(let text):
            if let bounds = Bounds(parsing: text) {
                self = bounds
                return
            }
            numbers = Bounds.numbers(inRectDescription: text)
        case .array(let elements):
            if elements.count == 2, let origin = elements[0].arrayValue, let size = elements[1].arrayValue,
               origin.count == 2, size.count == 2 {
                numbers = Bounds.numbers(in: origin + size)
            } else {
                numbers = Bounds.numbers(in: elements)
            }
        case .object(let members):
            numbers = Bounds.numbers(in: ["x", "y", "width", "height"].map { members[$0] ?? .null })
        default:
            numbers = nil
        }
        guard let numbers, numbers.count == 4, numbers[2] >= 0, numbers[3] >= 0 else { return nil }
        self.init(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// The numbers of `"{{x, y}, {width, height}}"`, spaces optional.
    private static func numbers(inRectDescription text: String) -> [Double]? {
        let compact = text.filter { !$0.isWhitespace }
        guard compact.hasPrefix("{{"), compact.hasSuffix("}}") else { return nil }
        let halves = compact.dropFirst(2).dropLast(2).components(separatedBy: "},{")
        guard halves.count == 2 else { return nil }
        let parts = halves.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
        return numbers(in: parts.map { JSONValue.string(String($0)) })
    }

    /// Four finite numbers (JSON numbers or numeric strings), or `nil`.
    private static func numbers(in values: [JSONValue]) -> [Double]? {
        guard values.count == 4 else { return nil }
        var numbers: [Double] = []
        for value in values {
            switch value {
            case .number(let number) where number.isFinite:
                numbers.append(number)
            case .string(let text):
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                guard Bounds.isDecimal(trimmed, allowSign: true), let number = Double(trimmed) else { return nil }
                numbers.append(number)
            default:
                return nil
            }
        }
        return numbers
    }

    /// `-?\d+(\.\d+)?` (the sign only when allowed).
    private static func isDecimal(_ text: String, allowSign: Bool) -> Bool {
        var digits = Substring(text)
        if allowSign, digits.hasPrefix("-") { digits = digits.dropFirst() }
        let pieces = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count == 1 || pieces.count == 2 else { return false }
        return pieces.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
    }

    /// The text a Swift phone sends: `"(0.0, 0.0, 393.0, 852.0)"`.
    public var description: String {
        "(\(x), \(y), \(width), \(height))"
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
