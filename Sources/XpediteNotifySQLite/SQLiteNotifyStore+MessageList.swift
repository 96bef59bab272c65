import Foundation
import GRDB
import XpediteNotify

extension SQLiteNotifyStore {
    public func messages(matching query: MessageListQuery) async throws -> [MessageSummary] {
        try await pool.read { db in
            let (conditions, arguments) = Self.conditions(query, byRecipient: try Self.readsRecipientFirst(query, db))
            let rows = try Row.fetchAll(db, sql: """
                SELECT m.seq, m.id, m.title, m.body, m.sent_at, m.state, m.payload_name, m.expires_at, m.withdrawn_at
                FROM notify_message m
                WHERE \(conditions) ORDER BY m.sent_at DESC, m.seq DESC LIMIT ?
                """, arguments: arguments + [query.limit])
            var summaries = try rows.map(Self.summary(from:))
            guard !summaries.isEmpty else { return summaries }
            let ids = summaries.map(\.messageId)
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
            var index: [String: Int] = [:]
            for (position, summary) in summaries.enumerated() { index[summary.messageId] = position }
            for row in try Row.fetchAll(db, sql: """
                SELECT message_id, COUNT(*) AS total, COUNT(answered_at) AS answered FROM notify_recipient
                WHERE message_id IN (\(marks)) GROUP BY message_id
                """, arguments: StatementArguments(ids)) {
                guard let position = index[row["message_id"]] else { continue }
                summaries[position].recipients = row["total"]
                summaries[position].answered = row["answered"]
            }
            for row in try Row.fetchAll(db, sql: """
                SELECT message_id, state, COUNT(*) AS count FROM notify_delivery
                WHERE message_id IN (\(marks)) AND kind = 'message' GROUP BY message_id, state
                """, arguments: StatementArguments(ids)) {
                let count: Int = row["count"]
                guard let position = index[row["message_id"]] else { continue }
                summaries[position].deliveries[try Self.deliveryState(row["state"])] = count
            }
            return summaries
        }
    }

    /// Whether a recipient's messages are better read from the recipient's rows (few: look each
    /// up and sort them) than by walking the send-time index and testing each message (many, so
    /// that a page fills soon). Each costs about the same per row: walking reads about
    /// `limit × messages / theirs` rows, the recipient's rows `theirs`, so the recipient's rows
    /// are read first when `theirs² < limit × messages` (decision 0510).
    static func readsRecipientFirst(_ query: MessageListQuery, _ db: Database) throws -> Bool {
        guard let username = query.username else { return false }
        let theirs = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM notify_recipient WHERE username = ?", arguments: [username]) ?? 0
        let messages = try Int.fetchOne(db, sql: "SELECT MAX(seq) FROM notify_message") ?? 0
        return Double(theirs) * Double(theirs) < Double(query.limit) * Double(max(messages, 1))
    }

    /// The `WHERE` conditions of a list query on `notify_message m`, with their arguments; a
    /// recipient's messages by an `IN` over their rows (`byRecipient`) or an `EXISTS` per message.
    static func conditions(_ query: MessageListQuery, byRecipient: Bool) -> (String, StatementArguments) {
        var conditions = ["1"]
        var arguments: StatementArguments = []
        if let pattern = query.likePattern {
            conditions.append(#"(m.title LIKE ? ESCAPE '\' OR m.body LIKE ? ESCAPE '\')"#)
            arguments += [pattern, pattern]
        }
        if let state = query.state {
            conditions.append("m.state = ?")
            arguments += [state.rawValue]
        }
        if let payloadName = query.payloadName {
            conditions.append("m.payload_name = ?")
            arguments += [payloadName]
        }
        if let username = query.username {
            conditions.append(byRecipient ? "m.id IN (SELECT message_id FROM notify_recipient WHERE username = ?)"
                : "EXISTS (SELECT 1 FROM notify_recipient r WHERE r.message_id = m.id AND r.username = ?)")
            arguments += [username]
        }
        if let since = query.since {
            conditions.append("m.sent_at >= ?")
            arguments += [since.timeIntervalSince1970]
        }
        if let until = query.until {
            conditions.append("m.sent_at < ?")
            arguments += [until.timeIntervalSince1970]
        }
        if let after = query.after {
            conditions.append("(m.sent_at, m.seq) < (?, ?)")
            arguments += [after.sentAt, after.sequence]
        }
        return (conditions.joined(separator: " AND "), arguments)
    }

    /// A listed message's header, its counts still zero.
    static func summary(from row: Row) throws -> MessageSummary {
        let sentAt: Double = row["sent_at"]
        return MessageSummary(messageId: row["id"], title: row["title"], body: row["body"], sentAt: Date(timeIntervalSince1970: sentAt),
                              state: try messageState(row["state"]), payloadName: row["payload_name"],
                              expiresAt: (row["expires_at"] as Double?).map(Date.init(timeIntervalSince1970:)),
                              withdrawnAt: (row["withdrawn_at"] as Double?).map(Date.init(timeIntervalSince1970:)),
                              cursor: MessageListCursor(sentAt: sentAt, sequence: row["seq"]))
    }
}
