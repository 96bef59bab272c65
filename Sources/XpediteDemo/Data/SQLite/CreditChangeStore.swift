import Foundation
import GRDB

/// The GRDB side of ``DemoDatabase``: saves customers under the credit approval rule, and keeps credit changes (`credit_change`) and
/// the cursor of approval answers already applied (`response_cursor`) — each step one transaction.
struct CreditChangeStore: Sendable {
    let database: DemoDatabase

    private var pool: DatabasePool { database.pool }

    static let columns = "id, customer_id, old_limit, new_limit, requested_by, message_id, state, decided_by, reason"

    // MARK: - Saving customers

    /// Saves the edits of customer `edited.id`: as they are, or — when the new limit needs
    /// approval (``CreditChange/needsApproval(from:to:threshold:)``) — with the limit it had and a
    /// pending change. Any other change of the limit supersedes a pending change.
    func save(_ edited: Customer, threshold: Int, requestedBy: String, at date: Date) async throws -> CreditSaveOutcome {
        try await pool.write { db in
            guard let current = try Self.customer(edited.id, in: db) else { return .missing }
            if CreditChange.needsApproval(from: current.creditLimit, to: edited.creditLimit, threshold: threshold) {
                var held = edited
                held.creditLimit = current.creditLimit
                _ = try CustomerStore.update(held, in: db)
                let change = try Self.request(customerId: held.id, from: current.creditLimit, to: edited.creditLimit,
                                              requestedBy: requestedBy, at: date, in: db)
                return .held(held, change)
            }
            _ = try CustomerStore.update(edited, in: db)
            if edited.creditLimit != current.creditLimit { try Self.supersede(customerId: edited.id, in: db) }
            return .saved(edited)
        }
    }

    /// Adds a customer: as it is, or — when its limit needs approval (from 0) — with limit 0 and
    /// a pending change. Returns the customer as stored, with its id.
    func insert(_ customer: Customer, threshold: Int, requestedBy: String, at date: Date) async throws -> CreditSaveOutcome {
        try await pool.write { db in
            var stored = customer
            let asked = customer.creditLimit
            let needsApproval = CreditChange.needsApproval(from: 0, to: asked, threshold: threshold)
            if needsApproval { stored.creditLimit = 0 }
            stored.id = try CustomerStore.insert(stored, in: db)
            guard needsApproval else { return .saved(stored) }
            let change = try Self.request(customerId: stored.id, from: 0, to: asked, requestedBy: requestedBy, at: date, in: db)
            return .held(stored, change)
        }
    }

    private static func customer(_ id: Int, in db: Database) throws -> Customer? {
        try Row.fetchOne(db, sql: "SELECT \(CustomerStore.columns) FROM customer WHERE id = ?", arguments: [id])
            .flatMap(CustomerStore.customer(from:))
    }

    /// Supersedes the customer's pending change and stores a new one.
    private static func request(customerId: Int, from old: Int, to new: Int, requestedBy: String, at date: Date,
                                in db: Database) throws -> CreditChange {
        try supersede(customerId: customerId, in: db)
        try db.execute(sql: """
            INSERT INTO credit_change (customer_id, old_limit, new_limit, requested_by, requested_at, state)
            VALUES (?, ?, ?, ?, ?, 'pending')
            """, arguments: [customerId, old, new, requestedBy, date.formatted(.iso8601)])
        return CreditChange(id: db.lastInsertedRowID, customerId: customerId, oldLimit: old, newLimit: new,
                            requestedBy: requestedBy, messageId: nil, state: .pending)
    }

    private static func supersede(customerId: Int, in db: Database) throws {
        try db.execute(sql: "UPDATE credit_change SET state = 'superseded' WHERE customer_id = ? AND state = 'pending'",
                       arguments: [customerId])
    }

    // MARK: - Changes

    /// Records the message that asks for approval of a change.
    func attach(messageId: String, to changeId: Int64) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE credit_change SET message_id = ? WHERE id = ?", arguments: [messageId, changeId])
        }
    }

    /// Removes a change whose approval request could not be sent (the limit was never applied).
    func withdraw(_ changeId: Int64) async throws {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM credit_change WHERE id = ? AND state = 'pending'", arguments: [changeId])
        }
    }

    /// The customer's latest change, if any.
    func latest(customerId: Int) async throws -> CreditChange? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: """
                SELECT \(Self.columns) FROM credit_change WHERE customer_id = ? ORDER BY id DESC LIMIT 1
                """, arguments: [customerId]).flatMap(Self.change(from:))
        }
    }

    /// A change by id.
    func change(id: Int64) async throws -> CreditChange? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.columns) FROM credit_change WHERE id = ?", arguments: [id])
                .flatMap(Self.change(from:))
        }
    }

    static func change(from row: Row) -> CreditChange? {
        guard let state = CreditChange.State(rawValue: row["state"]) else { return nil }
        return CreditChange(id: row["id"], customerId: row["customer_id"], oldLimit: row["old_limit"],
                            newLimit: row["new_limit"], requestedBy: row["requested_by"], messageId: row["message_id"],
                            state: state, decidedBy: row["decided_by"], reason: row["reason"])
    }

    // MARK: - Answers

    /// The cursor of the last answer on `topic` that was applied (0: none yet).
    func cursor(topic: String) async throws -> Int64 {
        try await pool.read { db in
            try Int64.fetchOne(db, sql: "SELECT cursor FROM response_cursor WHERE topic = ?", arguments: [topic]) ?? 0
        }
    }

    /// Applies the answer at `cursor` on `topic` and moves the cursor past it, in one transaction,
    /// so an answer is applied once even across restarts. A change that is not pending, or whose
    /// message is not the one answered, is left alone.
    func apply(_ decision: ApprovalDecision?, cursor: Int64, topic: String, at date: Date) async throws -> CreditApplyOutcome {
        try await pool.write { db in
            try db.execute(sql: """
                INSERT INTO response_cursor (topic, cursor) VALUES (?, ?)
                ON CONFLICT (topic) DO UPDATE SET cursor = max(cursor, excluded.cursor)
                """, arguments: [topic, cursor])
            guard let decision,
                  let stored = try Row.fetchOne(db, sql: "SELECT \(Self.columns) FROM credit_change WHERE id = ?",
                                                arguments: [decision.changeId]).flatMap(Self.change(from:)),
                  let change = stored.decided(by: decision)
            else { return .ignored }
            try db.execute(sql: """
                UPDATE credit_change SET state = ?, decided_by = ?, decided_at = ?, reason = ?, message_id = ? WHERE id = ?
                """, arguments: [change.state.rawValue, change.decidedBy, date.formatted(.iso8601), change.reason,
                                 change.messageId, change.id])
            guard decision.approved else { return .rejected(change) }
            try db.execute(sql: "UPDATE customer SET credit_limit = ? WHERE id = ?",
                           arguments: [change.newLimit, change.customerId])
            return .approved(change)
        }
    }
}
