/// The font a text is measured with: the component's `font` and `fontsize`, falling back to
/// `setDefaults`, then to ``LayoutConfiguration/defaultFontSize``
/// (docs/protocol/packets.md#setdefaults, docs/protocol/values.md#fonts,
/// docs/protocol/values.md#font-sizes).
public struct TextFont: Sendable, Hashable {
    /// A font name or family (`"Helvetica"`), or `nil` for the system font.
    public var name: String?
    /// The point size; always positive.
    public var size: Double

    /// Creates a font.
    public init(name: String? = nil, size: Double) {
        self.name = name
        self.size = size
    }
}
