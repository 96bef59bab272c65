/// A text-style name that `font` may hold instead of a font name (docs/protocol/values.md#fonts),
/// with the point size and weight of its iOS counterpart at the default content size. A font name
/// that is no style name is a font family.
public enum TextStyle: String, Sendable, CaseIterable {
    /// The largest title (34 pt).
    case largeTitle
    /// A first-level title (28 pt); `title` names it too.
    case title1
    /// A second-level title (22 pt).
    case title2
    /// A third-level title (20 pt).
    case title3
    /// A heading, semibold (17 pt): a table header's default.
    case headline
    /// A subheading (15 pt).
    case subheadline
    /// Body text (17 pt): a table cell's default.
    case body
    /// A callout (16 pt).
    case callout
    /// A footnote (13 pt).
    case footnote
    /// A caption (12 pt); `caption` names it too.
    case caption1
    /// A smaller caption (11 pt).
    case caption2

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
