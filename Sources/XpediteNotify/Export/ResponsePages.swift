/// The responses of an export, page by page (keyset paging on the cursor): each element is the
/// next page of at most `pageSize` responses, so a whole topic never sits in memory at once.
public struct ResponsePages: AsyncSequence, Sendable {
    /// A page of responses, oldest first.
    public typealias Element = [StoredResponse]

    let store: any NotifyStore
    let filter: ResponseFilter
    let pageSize: Int

    /// Pages of the responses matching `filter` in `store`.
    public init(store: any NotifyStore, filter: ResponseFilter, pageSize: Int = 500) {
        self.store = store
        self.filter = filter
        self.pageSize = Swift.max(1, pageSize)
    }

    /// Reads one page at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let pages: ResponsePages
        var cursor: Int64 = 0
        var finished = false

        /// The next page, `nil` after the last.
        public mutating func next() async throws -> [StoredResponse]? {
            guard !finished else { return nil }
            let page = try await pages.store.responses(matching: pages.filter, after: cursor, limit: pages.pageSize)
            if page.count < pages.pageSize { finished = true }
            guard let last = page.last else { return nil }
            cursor = last.cursor
            return page
        }
    }

    /// Starts reading from the first response.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: self)
    }
}
