import Foundation
import XpediteProtocol

/// The responses of a topic as the exports read them (`GET /responses` as CSV or NDJSON,
/// docs/notify-api.md): the filter, the field ids that become the CSV's columns, and the matching
/// responses a page at a time. A ``Notifier`` makes one (``Notifier/exports``).
///
/// ```swift
/// let filter = notifier.exports.filter(topic: "/inspections", payloadName: "inspection")
/// let columns = try await notifier.exports.fieldIds(filter)
/// for try await page in notifier.exports.pages(filter) { … }
/// ```
public final class ResponseExport: Sendable {
    private let store: any NotifyStore

    init(store: any NotifyStore) {
        self.store = store
    }

    /// The filter of an export: a `payloadName` matches the messages sent by that name, as each
    /// stored it (docs/decisions/0510-the-messages-list-and-the-stored-payload-name.md); an unknown
    /// name matches nothing.
    public func filter(topic: String, messageId: String? = nil, payloadName: String? = nil, username: String? = nil,
                       since: Date? = nil, until: Date? = nil) -> ResponseFilter {
        ResponseFilter(topic: topic, messageId: messageId, payloadName: payloadName, username: username,
                       since: since.map(Self.timestamp), until: until.map(Self.timestamp))
    }

    /// The field ids of an export's columns: the input fields of every payload its responses
    /// answered, in payload order, payloads in the order of their first response, each id once
    /// (docs/decisions/0440-csv-columns-of-an-export.md).
    public func fieldIds(_ filter: ResponseFilter) async throws -> [String] {
        var seen = Set<String>()
        var ids: [String] = []
        for text in try await store.answeredPayloads(matching: filter) {
            let payload: Payload
            do {
                payload = try Payload(stored: JSONValue(parsing: text))
            } catch {
                throw StoreError.corrupt("a stored payload cannot be read: \(error)")
            }
            for field in payload.fields ?? [] where field.isInput {
                if let id = field.id, seen.insert(id).inserted { ids.append(id) }
            }
        }
        return ids
    }

    /// The responses matching `filter`, page by page.
    public func pages(_ filter: ResponseFilter, pageSize: Int = 500) -> ResponsePages {
        ResponsePages(store: store, filter: filter, pageSize: pageSize)
    }

    /// A time as `receivedAt` is written (whole seconds, UTC), rounded up to the next whole second
    /// so that `since` and `until` compare exactly with stored timestamps.
    static func timestamp(_ date: Date) -> String {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.up)).formatted(.iso8601)
    }
}
