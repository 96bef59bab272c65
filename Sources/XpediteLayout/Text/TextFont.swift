/// The font a text is measured with: the component's `font` and `fontsize`, falling back to
/// `setDefaults`, then to ``LayoutConfiguration/defaultFontSize`` (PROTOCOL.md §2.8, §6.2, §6.3).
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
