/// The size of an image file, as the phone learns it once the image is downloaded. Only the ratio
/// matters to the layout (docs/protocol/components/display.md#image: height = width × height /
/// width of the image), so pixels and points work alike.
public struct ImageSize: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The image's width.
    public var width: Double
    /// The image's height.
    public var height: Double

    /// Creates an image size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Parses `WIDTHxHEIGHT`, e.g. `400x300` or `1200.5x800`; `nil` unless both are finite,
    /// non-negative numbers.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width.isFinite, height.isFinite, width >= 0, height >= 0 else { return nil }
        self.init(width: width, height: height)
    }

    /// `WIDTHxHEIGHT`.
    public var description: String {
        "\(ImageSize.format(width))x\(ImageSize.format(height))"
    }

    private static func format(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
