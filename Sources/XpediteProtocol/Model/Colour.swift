/// A colour: `#RRGGBB` on the wire (docs/protocol/values.md#colours). `#RGB` and `#RRGGBBAA` are
/// accepted too; the canonical form is upper-case `#RRGGBB`, or `#RRGGBBAA` when not opaque.
public struct Colour: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The red component, 0–255.
    public var red: UInt8
    /// The green component, 0–255.
    public var green: UInt8
    /// The blue component, 0–255.
    public var blue: UInt8
    /// The opacity, 0 (transparent) to 255 (opaque).
    public var alpha: UInt8

    /// Creates a colour from its components.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (either case); `nil` for anything else.
    public init?(hex text: String) {
        let utf8 = Array(text.utf8)
        guard utf8.first == UInt8(ascii: "#") else { return nil }
        var digits: [UInt8] = []
        digits.reserveCapacity(8)
        for byte in utf8.dropFirst() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digits.append(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digits.append(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        switch digits.count {
        case 3:
            self.init(red: digits[0] * 17, green: digits[1] * 17, blue: digits[2] * 17)
        case 6, 8:
            let pairs = stride(from: 0, to: digits.count, by: 2).map { digits[$0] * 16 + digits[$0 + 1] }
            self.init(red: pairs[0], green: pairs[1], blue: pairs[2], alpha: pairs.count == 4 ? pairs[3] : 255)
        default:
            return nil
        }
    }

    /// The canonical text: `#RRGGBB`, or `#RRGGBBAA` when the colour is not opaque.
    public var hex: String {
        let components = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#" + components.map { byte in
            let text = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    public var description: String { hex }

    /// Whether `text` is in the form the SDK emits, six hex digits.
    static func isCanonicalForm(_ text: String) -> Bool {
        text.utf8.count == 7 && Colour(hex: text) != nil
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let colour = Colour(hex: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a colour \"#RRGGBB\": \(text)"))
        }
        self = colour
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
