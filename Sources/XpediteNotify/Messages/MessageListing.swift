import Foundation

/// The list of sent messages (`GET /messages`, docs/notify-api.md#get-messages): keyset pages
/// over an index of `(sent_at, seq)`, newest first, with the page's recipient and delivery
/// counts read by one grouped query each for the page's ids (decision 0510).
public protocol MessageListing: Sendable {
    /// Up to `query.limit` messages matching `query`, newest first (`sentAt`, then the store's
    /// sequence), after `query.after`.
    func messages(matching query: MessageListQuery) async throws -> [MessageSummary]
}
