import XpediteProtocol

extension Colour {
    /// An opaque colour from a `0xRRGGBB` literal: `.rgb(0x007AFF)` is `#007AFF`
    /// (docs/protocol/values.md#colours). Unlike `Colour(hex:)` it cannot fail; bits above the
    /// lowest 24 are not part of the colour.
    public static func rgb(_ value: UInt32) -> Colour {
        Colour(red: UInt8(truncatingIfNeeded: value >> 16), green: UInt8(truncatingIfNeeded: value >> 8),
               blue: UInt8(truncatingIfNeeded: value))
    }
}
