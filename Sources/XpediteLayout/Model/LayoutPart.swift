import XpediteProtocol

/// A piece of a component that the layout engine places for the renderer: a form's title row
/// and footer, a dialog's header bar, a field's title, a radio option row, a table column, a
/// navigation's bar button.
///
/// A part's ``frame`` is relative to the top-left corner of the frame of the node that holds it.
public struct LayoutPart: Sendable, Hashable, Codable {
    /// What the part is.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The title row of an inline form (44 pt, docs/protocol/components/containers.md#form), or
        /// the caption row of an old section box (32 pt,
        /// docs/protocol/components/containers.md#section).
        case titleRow
        /// The footer of an inline form with the Cancel and Save buttons (52 pt).
        case footer
        /// The header bar of a dialog form, with ✕, the title and ✓ (the navigation bar height).
        case headerBar
        /// The title of a radio group, or of a field inside a form, shown above it (22 pt).
        case title
        /// The control of a field inside a form, below its title.
        case field
        /// One option row of a radio group (44 pt); ``LayoutPart/key`` is the option key.
        case option
        /// One table column, full table height; ``LayoutPart/index`` is the column index.
        case column
        /// The navigation-bar button of a navigation menu.
        case barButton
    }

    /// What the part is.
    public var kind: Kind
    /// The position among the parts of its kind (option rows and table columns).
    public var index: Int?
    /// The option key of an ``Kind/option`` row.
    public var key: String?
    /// Where the part is, relative to the frame of the node that holds it.
    public var frame: LayoutRect

    /// Creates a part.
    public init(kind: Kind, index: Int? = nil, key: String? = nil, frame: LayoutRect) {
        self.kind = kind
        self.index = index
        self.key = key
        self.frame = frame
    }

    /// The canonical JSON; absent values are left out.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["kind": .string(kind.rawValue), "frame": frame.json]
        if let index { members["index"] = .number(Double(index)) }
        if let key { members["key"] = .string(key) }
        return .object(members)
    }

    private enum CodingKeys: String, CodingKey {
        case kind, index, key, frame
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(kind: try container.decode(Kind.self, forKey: .kind),
                  index: try container.decodeIfPresent(Int.self, forKey: .index),
                  key: try container.decodeIfPresent(String.self, forKey: .key),
                  frame: try container.decode(LayoutRect.self, forKey: .frame))
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
