/// A text-style name that `font` may hold instead of a font name (PROTOCOL.md §6.2), with the
/// point size and weight of its iOS counterpart at the default content size. A font name that
/// is no style name is a font family.
public enum TextStyle: String, Sendable, CaseIterable {
    case largeTitle, title1, title2, title3, headline, subheadline, body, callout, footnote, caption1, caption2

    /// The style `name` stands for (case-insensitive; `title` is `title1`, `caption` is
    /// `caption1`), or `nil` for a font name.
    public init?(name: String) {
        let lowered = name.lowercased()
        switch lowered {
        case "title": self = .title1
        case "caption": self = .caption1
        default:
            guard let style = Self.allCases.first(where: { $0.rawValue.lowercased() == lowered }) else { return nil }
            self = style
        }
    }

    /// The point size (UIKit's sizes at the "Large" content size).
    public var size: Double {
        switch self {
        case .largeTitle: 34
        case .title1: 28
        case .title2: 22
        case .title3: 20
        case .headline, .body: 17
        case .subheadline: 15
        case .callout: 16
        case .footnote: 13
        case .caption1: 12
        case .caption2: 11
        }
    }

    /// Whether the style is semibold (`headline`) rather than regular.
    public var isSemibold: Bool { self == .headline }
}
