import XpediteProtocol

/// The rows of one table loaded so far (docs/protocol/tables.md#paging-on-the-phone): kept for the
/// screen's life, so scrolling back never refetches.
public struct TableRows: Sendable, Hashable {
    /// The loaded row records, in order.
    public var rows: [JSONObject]
    /// Whether the server said more rows exist (`max` present and larger than the count).
    public var hasMore: Bool
    /// The last `max` the server sent.
    public var max: Int?
    /// Whether a page request is in flight.
    public var isLoading: Bool

    /// Creates rows.
    public init(rows: [JSONObject] = [], hasMore: Bool = true, max: Int? = nil, isLoading: Bool = false) {
        self.rows = rows
        self.hasMore = hasMore
        self.max = max
        self.isLoading = isLoading
    }
}
