import Foundation
import PostgresNIO
import XpeditePostgresSupport

extension PostgresDemoStore {
    /// The columns ``change(from:)`` reads.
    static let changeColumns = "id, customer_id, old_limit, new_limit, requested_by, message_id, state, decided_by, reason"

    // MARK: - Saving customers

    /// The customer's row is locked first, so saves of one customer on any server take turns.
    func save(_ edited: Customer, threshold: Int, requestedBy: String, at date: Date) async throws -> CreditSaveOutcome {
        try await client.withTransaction(logger: logger) { connection in
            guard let current = try await self.lockedCustomer(edited.id, on: connection) else { return .missing }
            if CreditChange.needsApproval(from: current.creditLimit, to: edited.creditLimit, threshold: threshold) {
                var held = edited
                held.creditLimit = current.creditLimit
                try await self.update(held, on: connection)
                let change = try await self.request(customerId: held.id, from: current.creditLimit, to: edited.creditLimit,
                                                    requestedBy: requestedBy, at: date, on: connection)
                return .held(held, change)
            }
            try await self.update(edited, on: connection)
            if edited.creditLimit != current.creditLimit { try await self.supersede(customerId: edited.id, on: connection) }
            return .saved(edited)
        }
    }

    func insert(_ customer: Customer, threshold: Int, requestedBy: String, at date: Date) async throws
        -> CreditSaveOutcome
    {
        try await client.withTransaction(logger: logger) { connection in
            var stored = customer
            let asked = customer.creditLimit
            let needsApproval = CreditChange.needsApproval(from: 0, to: asked, threshold: threshold)
            if needsApproval { stored.creditLimit = 0 }
            stored.id = try await self.insert(stored, on: connection)
            guard needsApproval else { return .saved(stored) }
            let change = try await self.request(customerId: stored.id, from: 0, to: asked, requestedBy: requestedBy,
                                                at: date, on: connection)
            return .held(stored, change)
        }
    }

    /// Supersedes the customer's pending change and stores a new one.
    private func request(customerId: Int, from old: Int, to new: Int, requestedBy: String, at date: Date,
                         on connection: PostgresConnection) async throws -> CreditChange {
        try await supersede(customerId: customerId, on: connection)
        let rows = try await connection.query("""
            INSERT INTO demo_credit_change (customer_id, old_limit, new_limit, requested_by, requested_at, state)
            VALUES (\(customerId), \(old), \(new), \(requestedBy), \(date), 'pending')
            RETURNING id
            """, logger: logger)
        var id: Int64?
        for try await value in rows.decode(Int64.self) { id = value }
        guard let id else { throw DemoStoreError("demo_credit_change: the insert returned no id") }
        return CreditChange(id: id, customerId: customerId, oldLimit: old, newLimit: new, requestedBy: requestedBy,
                            messageId: nil, state: .pending)
    }

    private func supersede(customerId: Int, on connection: PostgresConnection) async throws {
        try await connection.query("""
            UPDATE demo_credit_change SET state = 'superseded' WHERE customer_id = \(customerId) AND state = 'pending'
            """, logger: logger)
    }

    // MARK: - Changes

    func attach(messageId: String, to changeId: Int64) async throws {
        try await client.query("UPDATE demo_credit_change SET message_id = \(messageId) WHERE id = \(changeId)",
                               logger: logger)
    }

    func withdraw(_ changeId: Int64) async throws {
        try await client.query("DELETE FROM demo_credit_change WHERE id = \(changeId) AND state = 'pending'",
                               logger: logger)
    }

    func latestChange(customerId: Int) async throws -> CreditChange? {
        try await changes("""
            SELECT \(unescaped: Self.changeColumns) FROM demo_credit_change WHERE customer_id = \(customerId)
            ORDER BY id DESC LIMIT 1
            """).first
    }

    func change(id: Int64) async throws -> CreditChange? {
        try await changes("SELECT \(unescaped: Self.changeColumns) FROM demo_credit_change WHERE id = \(id)").first
    }

    private func changes(_ query: PostgresQuery) async throws -> [CreditChange] {
        try await client.query(query, logger: logger).collect().map { try Self.change(from: $0.makeRandomAccess()) }
    }

    /// A row of ``changeColumns`` as a change; an unknown state is an error naming the row.
    static func change(from row: PostgresRandomAccessRow) throws -> CreditChange {
        let id = try row["id"].decode(Int64.self)
        let stateText = try row["state"].decode(String.self)
        guard let state = CreditChange.State(rawValue: stateText) else {
            throw DemoStoreError("demo_credit_change \(id).state: unknown state \"\(stateText)\"")
        }
        return CreditChange(id: id, customerId: try row["customer_id"].decode(Int.self),
                            oldLimit: try row["old_limit"].decode(Int.self), newLimit: try row["new_limit"].decode(Int.self),
                            requestedBy: try row["requested_by"].decode(String.self),
                            messageId: try row["message_id"].decode(String?.self), state: state,
                            decidedBy: try row["decided_by"].decode(String?.self), reason: try row["reason"].decode(String?.self))
    }

    // MARK: - Answers

    func cursor(topic: String) async throws -> Int64 {
        var cursor: Int64 = 0
        for try await value in try await client.query(
            "SELECT cursor FROM demo_response_cursor WHERE topic = \(topic)", logger: logger).decode(Int64.self) {
            cursor = value
        }
        return cursor
    }

    /// The topic's cursor row is locked first: every server's listener wakes for every answer,
    /// and the one that comes second finds the cursor moved and leaves the answer alone.
    func apply(_ decision: ApprovalDecision?, cursor: Int64, topic: String, at date: Date) async throws
        -> CreditApplyOutcome
    {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("""
                INSERT INTO demo_response_cursor (topic, cursor) VALUES (\(topic), 0) ON CONFLICT (topic) DO NOTHING
                """, logger: self.logger)
            var stored: Int64 = 0
            for try await value in try await connection.query(
                "SELECT cursor FROM demo_response_cursor WHERE topic = \(topic) FOR UPDATE", logger: self.logger
            ).decode(Int64.self) {
                stored = value
            }
            guard cursor > stored else { return .ignored }
            try await connection.query("UPDATE demo_response_cursor SET cursor = \(cursor) WHERE topic = \(topic)",
                                       logger: self.logger)
            guard let decision,
                  let stored = try await connection.query("""
                      SELECT \(unescaped: Self.changeColumns) FROM demo_credit_change WHERE id = \(decision.changeId) FOR UPDATE
                      """, logger: self.logger).collect().first.map({ try Self.change(from: $0.makeRandomAccess()) }),
                  let change = stored.decided(by: decision)
            else { return .ignored }
            try await connection.query("""
                UPDATE demo_credit_change SET state = \(change.state.rawValue), decided_by = \(change.decidedBy),
                    decided_at = \(date), reason = \(change.reason), message_id = \(change.messageId)
                WHERE id = \(change.id)
                """, logger: self.logger)
            guard decision.approved else { return .rejected(change) }
            try await connection.query(
                "UPDATE demo_customer SET credit_limit = \(change.newLimit) WHERE id = \(change.customerId)",
                logger: self.logger)
            return .approved(change)
        }
    }
}
