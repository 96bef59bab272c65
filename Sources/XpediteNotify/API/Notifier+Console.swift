import Foundation
import XpediteProtocol

extension Notifier {
    /// Every group with its members, by name.
    public func groups() async throws -> [NotifyGroup] {
        try await store.groups()
    }

    /// One group with its members.
    ///
    /// - Throws: ``NotifyError`` 404 when there is no such group.
    public func group(_ name: String) async throws -> NotifyGroup {
        guard let group = try await store.group(name) else { throw NotifyError.notFound("no group \"\(name)\"") }
        return group
    }

    /// Removes a group; its users stay.
    ///
    /// - Throws: ``NotifyError`` 404 when there is no such group.
    public func deleteGroup(_ name: String) async throws {
        guard try await store.deleteGroup(name) else { throw NotifyError.notFound("no group \"\(name)\"") }
    }

    /// The names of every named payload, sorted.
    public func payloadNames() async throws -> [String] {
        try await store.namedPayloadNames()
    }

    /// Any stored document, for a backend (`GET /documents/{name}`): its metadata and its file
    /// when the store keeps one, else its bytes.
    ///
    /// - Throws: ``NotifyError`` 404 for a name that is not a stored document.
    public func storedDocument(_ name: String) async throws -> StoredDocument {
        guard DocumentKind(documentName: name) != nil, let record = try await store.document(name) else {
            throw NotifyError.notFound("no document \"\(name)\"")
        }
        if let file = try await store.documentFile(name) { return StoredDocument(record: record, content: .file(file)) }
        return StoredDocument(record: record, content: .bytes(try await store.documentBytes(name)))
    }

    /// The filter of an export: a `payloadName` matches the messages sent by that name, as each
    /// stored it (docs/decisions/0510-the-messages-list-and-the-stored-payload-name.md); an unknown
    /// name matches nothing.
    public func responseFilter(topic: String, messageId: String? = nil, payloadName: String? = nil, username: String? = nil,
                               since: Date? = nil, until: Date? = nil) async throws -> ResponseFilter {
        ResponseFilter(topic: topic, messageId: messageId, payloadName: payloadName, username: username,
                       since: since.map(Self.exportTimestamp), until: until.map(Self.exportTimestamp))
    }

    /// The field ids of an export's columns: the input fields of every payload its responses
    /// answered, in payload order, payloads in the order of their first response, each id once
    /// (docs/decisions/0440-csv-columns-of-an-export.md).
    public func exportFieldIds(_ filter: ResponseFilter) async throws -> [String] {
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
    public func responsePages(_ filter: ResponseFilter, pageSize: Int = 500) -> ResponsePages {
        ResponsePages(store: store, filter: filter, pageSize: pageSize)
    }

    /// A time as `receivedAt` is written (whole seconds, UTC), rounded up to the next whole second
    /// so that `since` and `until` compare exactly with stored timestamps.
    static func exportTimestamp(_ date: Date) -> String {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.up)).formatted(.iso8601)
    }
}
