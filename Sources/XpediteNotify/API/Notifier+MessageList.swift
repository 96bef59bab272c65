import Foundation

extension Notifier {
    /// A page of sent messages, newest first (`GET /messages`, docs/notify-api.md#get-messages),
    /// and the cursor of the next page when there is one.
    ///
    /// ```swift
    /// let page = try await notifier.messages(matching: MessageListQuery(text: "inspection", state: .active))
    /// ```
    public func messages(matching query: MessageListQuery) async throws -> (messages: [MessageSummary], next: MessageListCursor?) {
        var probe = query
        probe.limit = query.limit + 1
        let found = try await store.messages(matching: probe)
        guard found.count > query.limit else { return (found, nil) }
        let page = Array(found.prefix(query.limit))
        return (page, page.last?.cursor)
    }
}
