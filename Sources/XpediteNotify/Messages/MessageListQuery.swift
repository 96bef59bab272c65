import Foundation

/// Which sent messages `GET /messages` lists (docs/notify-api.md#get-messages), newest first, a
/// page at a time. Every filter left `nil` matches everything.
public struct MessageListQuery: Sendable, Hashable {
    /// Text the title or the body contains, compared without case (ASCII letters in SQLite,
    /// decision 0510).
    public var text: String?
    /// Only messages in this state.
    public var state: MessageState?
    /// Only messages sent by this named payload's name (`payloadName` at send time).
    public var payloadName: String?
    /// Only messages this user received.
    public var username: String?
    /// Only messages sent at or after this time.
    public var since: Date?
    /// Only messages sent before this time.
    public var until: Date?
    /// The page starts after this message (`nil`: at the newest).
    public var after: MessageListCursor?
    /// At most this many messages.
    public var limit: Int

    /// The default page size.
    public static let defaultLimit = 50
    /// The largest page.
    public static let maximumLimit = 200

    /// Creates a query.
    public init(text: String? = nil, state: MessageState? = nil, payloadName: String? = nil, username: String? = nil,
                since: Date? = nil, until: Date? = nil, after: MessageListCursor? = nil, limit: Int = Self.defaultLimit) {
        self.text = text
        self.state = state
        self.payloadName = payloadName
        self.username = username
        self.since = since
        self.until = until
        self.after = after
        self.limit = limit
    }

    /// ``text`` as a `LIKE` pattern with `\` as its escape character: `%text%` with `%`, `_` and
    /// `\` of the text escaped.
    public var likePattern: String? {
        guard let text, !text.isEmpty else { return nil }
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "%" + escaped + "%"
    }
}
