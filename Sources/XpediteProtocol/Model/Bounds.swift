import Foundation

/// The screen rectangle a phone reports in `setConnection`: `"(0.0, 0.0, 393.0, 852.0)"`, in
/// logical points (PROTOCOL.md §1.3).
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
