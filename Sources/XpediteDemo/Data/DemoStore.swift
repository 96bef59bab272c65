import Foundation
import XpediteServer

/// The demo's own data — customers, credit limit changes and the cursor of the approval answers
/// already applied — behind one protocol with two implementations: ``DemoDatabase`` (SQLite through
/// GRDB, `demo.sqlite` in the data directory; the default) and ``PostgresDemoStore`` (PostgreSQL,
/// shared by every demo server on the database).
///
/// The customer table is paged by XpediteServer's ``KeysetPaging`` over the store's
/// ``customerRows(search:)``, so the cursor stays in the session and the store only ever sees a
/// position and a limit. Each write is one transaction.
protocol DemoStore: Sendable {
    /// Where the data is, for people: a file path or a database URL without its password.
    var location: String { get }

    // MARK: Seeding

    /// The number of customers.
    func customerCount() async throws -> Int

    /// Seeds `count` generated customers when there are none; does nothing otherwise, so edits
    /// survive a restart. Servers starting at once on one database seed once: the others wait
    /// and find the customers there.
    ///
    /// - Parameter progress: called with (rows written, `count`) while seeding.
    /// - Returns: what was done: `nil` when the data was already there.
    func seedIfEmpty(count: Int, progress: @escaping @Sendable (Int, Int) -> Void) async throws -> SeedReport?

    /// Deletes every customer, credit change and applied-answers cursor, then seeds `count`
    /// generated customers.
    func reset(count: Int, progress: @escaping @Sendable (Int, Int) -> Void) async throws -> SeedReport

    // MARK: Customers

    /// The rows of the customer table — `id`, `name`, `city`, `score` — in id order, filtered by
    /// `search`: a substring of the name, email or city, ASCII letters in either case
    /// (``CustomerSearch``).
    func customerRows(search: String?) -> any KeysetRowSource

    /// The customer with `id`, or `nil`.
    func customer(id: Int) async throws -> Customer?

    /// Figures over all customers, for the dashboard.
    func statistics() async throws -> CustomerStatistics

    /// Saves the edits of customer `edited.id`: as they are, or — when the new limit needs
    /// approval (``CreditChange/needsApproval(from:to:threshold:)``) — with the limit it had and a
    /// pending change. Any other change of the limit supersedes a pending change.
    func save(_ edited: Customer, threshold: Int, requestedBy: String, at date: Date) async throws -> CreditSaveOutcome

    /// Adds a customer (the store picks its id, one past the largest so far): as it is, or — when
    /// its limit needs approval (from 0) — with limit 0 and a pending change.
    func insert(_ customer: Customer, threshold: Int, requestedBy: String, at date: Date) async throws
        -> CreditSaveOutcome

    // MARK: Credit changes

    /// Records the message that asks for approval of a change.
    func attach(messageId: String, to changeId: Int64) async throws

    /// Removes a pending change whose approval request could not be sent.
    func withdraw(_ changeId: Int64) async throws

    /// The customer's latest change, if any.
    func latestChange(customerId: Int) async throws -> CreditChange?

    /// A change by id.
    func change(id: Int64) async throws -> CreditChange?

    /// The cursor of the last answer on `topic` that was applied (0: none yet).
    func cursor(topic: String) async throws -> Int64

    /// Applies the answer at `cursor` on `topic` and moves the cursor past it, in one
    /// transaction, so an answer is applied once — across restarts, and across servers on one
    /// database (an answer at or before the stored cursor is ``CreditApplyOutcome/ignored``). A
    /// change that is not pending, or whose message is not the one answered, is left alone.
    func apply(_ decision: ApprovalDecision?, cursor: Int64, topic: String, at date: Date) async throws
        -> CreditApplyOutcome

    /// Closes what the store opened (SQLite's connections; a PostgreSQL database belongs to whoever
    /// connected it).
    func close() throws
}

extension DemoStore {
    /// The batch a data request asks for, by keyset paging on `id` (the cursor lives in the session).
    func page(for call: XpediteCall, search: String?) async throws -> TablePage {
        try await KeysetPaging(customerRows(search: search)).page(for: call)
    }
}
