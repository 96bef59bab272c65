/// Which rows a table's data request asks for (docs/protocol/tables.md#the-data-request): `offset`
/// (0-based) and `limit`, which defaults to 40 and is capped by
/// ``XpediteConfiguration/maximumPageLimit``.
public struct PageRequest: Sendable, Hashable {
    /// The index of the first row wanted.
    public var offset: Int
    /// How many rows to return at most.
    public var limit: Int

    /// Creates a page request.
    public init(offset: Int = 0, limit: Int = 40) {
        self.offset = max(0, offset)
        self.limit = max(1, limit)
    }

    /// Reads `offset`/`limit` from a request: missing `offset` is 0, missing `limit` is
    /// `defaultLimit`, and `limit` is capped at `maximumLimit`.
    public init(request: RequestPacket, defaultLimit: Int = 40, maximumLimit: Int = 200) {
        self.init(offset: request.offset ?? 0, limit: min(request.limit ?? defaultLimit, max(1, maximumLimit)))
    }
}
