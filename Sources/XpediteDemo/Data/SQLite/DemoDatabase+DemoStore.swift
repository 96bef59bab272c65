import Foundation
import GRDB
import XpediteServer
import XpediteServerSQLite

/// ``DemoDatabase`` as a ``DemoStore``: the customer queries of ``CustomerStore`` and the credit
/// changes of ``CreditChangeStore`` on its pool.
extension DemoDatabase: DemoStore {
    var location: String { path }

    func customerRows(search: String?) -> any KeysetRowSource {
        // The list without a search is one source, kept: its SQL is made once (SQLiteKeysetSource).
        guard CustomerSearch.pattern(search) != nil else { return allCustomers }
        return SQLiteKeysetSource(CustomerStore.listRequest(search: search), key: "id", in: pool)
    }

    func customer(id: Int) async throws -> Customer? {
        try await CustomerStore(database: self).customer(id: id)
    }

    func statistics() async throws -> CustomerStatistics {
        try await CustomerStore(database: self).statistics()
    }

    func save(_ edited: Customer, threshold: Int, requestedBy: String, at date: Date) async throws -> CreditSaveOutcome {
        try await CreditChangeStore(database: self).save(edited, threshold: threshold, requestedBy: requestedBy, at: date)
    }

    func insert(_ customer: Customer, threshold: Int, requestedBy: String, at date: Date) async throws
        -> CreditSaveOutcome
    {
        try await CreditChangeStore(database: self).insert(customer, threshold: threshold, requestedBy: requestedBy, at: date)
    }

    func attach(messageId: String, to changeId: Int64) async throws {
        try await CreditChangeStore(database: self).attach(messageId: messageId, to: changeId)
    }

    func withdraw(_ changeId: Int64) async throws {
        try await CreditChangeStore(database: self).withdraw(changeId)
    }

    func latestChange(customerId: Int) async throws -> CreditChange? {
        try await CreditChangeStore(database: self).latest(customerId: customerId)
    }

    func change(id: Int64) async throws -> CreditChange? {
        try await CreditChangeStore(database: self).change(id: id)
    }

    func cursor(topic: String) async throws -> Int64 {
        try await CreditChangeStore(database: self).cursor(topic: topic)
    }

    func apply(_ decision: ApprovalDecision?, cursor: Int64, topic: String, at date: Date) async throws
        -> CreditApplyOutcome
    {
        try await CreditChangeStore(database: self).apply(decision, cursor: cursor, topic: topic, at: date)
    }
}
