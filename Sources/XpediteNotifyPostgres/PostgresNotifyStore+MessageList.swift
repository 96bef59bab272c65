import Foundation
import PostgresNIO
import XpediteNotify

extension PostgresNotifyStore {
    public func messages(matching query: MessageListQuery) async throws -> [MessageSummary] {
        var summaries = try await fetch(Self.listQuery(query)).map(Self.summary(from:))
        guard !summaries.isEmpty else { return summaries }
        let ids = summaries.map(\.messageId)
        var index: [String: Int] = [:]
        for (position, summary) in summaries.enumerated() { index[summary.messageId] = position }
        for row in try await fetch("""
            SELECT message_id, COUNT(*) AS total, COUNT(answered_at) AS answered FROM notify_recipient
            WHERE message_id = ANY(\(ids)::text[]) GROUP BY message_id
            """) {
            guard let position = index[try row["message_id"].decode(String.self)] else { continue }
            summaries[position].recipients = try row["total"].decode(Int.self)
            summaries[position].answered = try row["answered"].decode(Int.self)
        }
        for row in try await fetch("""
            SELECT message_id, state, COUNT(*) AS count FROM notify_delivery
            WHERE message_id = ANY(\(ids)::text[]) AND kind = 'message' GROUP BY message_id, state
            """) {
            guard let position = index[try row["message_id"].decode(String.self)] else { continue }
            summaries[position].deliveries[try Self.deliveryState(row["state"].decode(String.self))] = try row["count"].decode(Int.self)
        }
        return summaries
    }

    /// The page's headers: only the conditions the query asks for, so that the planner walks the
    /// `(sent_at, seq)` index backwards.
    static func listQuery(_ query: MessageListQuery) -> PostgresQuery {
        var bindings = PostgresBindings()
        var conditions = ["TRUE"]
        func parameter(_ value: some PostgresDynamicTypeEncodable) -> String {
            bindings.append(value)
            return "$\(bindings.count)"
        }
        if let pattern = query.likePattern {
            let mark = parameter(pattern)
            conditions.append(#"(m.title ILIKE \#(mark) ESCAPE '\' OR m.body ILIKE \#(mark) ESCAPE '\')"#)
        }
        if let state = query.state { conditions.append("m.state = \(parameter(state.rawValue))") }
        if let payloadName = query.payloadName { conditions.append("m.payload_name = \(parameter(payloadName))") }
        if let username = query.username {
            conditions.append("EXISTS (SELECT 1 FROM notify_recipient r WHERE r.message_id = m.id AND r.username = \(parameter(username)))")
        }
        if let since = query.since { conditions.append("m.sent_at >= \(parameter(since.timeIntervalSince1970))") }
        if let until = query.until { conditions.append("m.sent_at < \(parameter(until.timeIntervalSince1970))") }
        if let after = query.after {
            conditions.append("(m.sent_at, m.seq) < (\(parameter(after.sentAt))::float8, \(parameter(after.sequence))::bigint)")
        }
        let limit = parameter(query.limit)
        return PostgresQuery(unsafeSQL: """
            SELECT m.seq, m.id, m.title, m.body, m.sent_at, m.state, m.payload_name, m.expires_at, m.withdrawn_at
            FROM notify_message m WHERE \(conditions.joined(separator: " AND "))
            ORDER BY m.sent_at DESC, m.seq DESC LIMIT \(limit)
            """, binds: bindings)
    }

    /// A listed message's header, its counts still zero.
    static func summary(from row: PostgresRandomAccessRow) throws -> MessageSummary {
        let sentAt = try row["sent_at"].decode(Double.self)
        return MessageSummary(messageId: try row["id"].decode(String.self), title: try row["title"].decode(String.self),
                              body: try row["body"].decode(String.self), sentAt: Date(timeIntervalSince1970: sentAt),
                              state: try messageState(row["state"].decode(String.self)),
                              payloadName: try row["payload_name"].decode(String?.self),
                              expiresAt: date(try row["expires_at"].decode(Double?.self)),
                              withdrawnAt: date(try row["withdrawn_at"].decode(Double?.self)),
                              cursor: MessageListCursor(sentAt: sentAt, sequence: try row["seq"].decode(Int64.self)))
    }
}
