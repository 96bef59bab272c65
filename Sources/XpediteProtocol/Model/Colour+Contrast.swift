import Foundation

extension Colour {
    /// The contrast text must reach against its background: 4.5:1 (WCAG 2.1 1.4.3, level AA), the
    /// ratio the phone app's contrast rule keeps (docs/accessibility.md#colours).
    public static let minimumContrast = 4.5

    /// WCAG 2.1's relative luminance of the colour's red, green and blue (its alpha is not part of
    /// it), from 0 (black) to 1 (white).
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2.1's contrast ratio of this colour as text on `background`, from 1 to 21. A text
    /// colour that is not opaque is first drawn over the background; the background's own alpha
    /// is not used (it is taken as opaque).
    public func contrast(on background: Colour) -> Double {
        let text = composited(on: background)
        let lighter = max(text.relativeLuminance, background.relativeLuminance)
        let darker = min(text.relativeLuminance, background.relativeLuminance)
        return (lighter + 0.05) / (darker + 0.05)
    }

    /// This colour drawn over `background` (source-over), opaque.
    func composited(on background: Colour) -> Colour {
        guard alpha < 255 else { return self }
        let opacity = Double(alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * opacity + Double(bottom) * (1 - opacity)).rounded())
        }
        return Colour(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }
}
