import Foundation

/// What the notification console's routes read beyond the other stores
/// (docs/notify-api.md#users-and-groups, #documents-for-a-backend, #exporting-responses): every group, the named payloads, a
/// document's file, and the responses that match an export's filter, page by page.
public protocol ConsoleStore: Sendable {
    /// Every group with its members (sorted), by name.
    func groups() async throws -> [NotifyGroup]
    /// One group with its members; `nil` when there is none.
    func group(_ name: String) async throws -> NotifyGroup?
    /// Removes a group and its memberships (the users stay); `false` when there was none.
    func deleteGroup(_ name: String) async throws -> Bool
    /// The names of every named payload, sorted.
    func namedPayloadNames() async throws -> [String]
    /// The local file of a stored document, when the store keeps documents as files (`nil` when
    /// it keeps the bytes elsewhere, or there is no such document).
    func documentFile(_ name: String) async throws -> URL?
    /// Up to `limit` responses matching `filter` after `cursor`, oldest first (a keyset page).
    func responses(matching filter: ResponseFilter, after cursor: Int64, limit: Int) async throws -> [StoredResponse]
    /// The canonical JSON text of the payload of every message or start request answered by a
    /// response matching `filter`, in the order of their first such response.
    func answeredPayloads(matching filter: ResponseFilter) async throws -> [String]
}
