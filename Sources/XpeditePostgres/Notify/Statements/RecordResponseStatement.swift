import PostgresNIO

/// A response stored in one statement that commits on its own (decision 305): the topic's turn
/// (an advisory lock until commit, so cursors become visible in order), the row, the recipient's
/// answer, the webhooks' outbox rows and the announcements. It answers the new row's cursor, or no
/// row when the `responseId` is taken or the user already answered (the constraints decide).
///
/// A prepared statement: each connection parses and plans it once, not on every answer (a profile of
/// the responses route found parsing and planning the better half of the database's work).
///
/// The lock is taken before the row is made (the insert reads its one row from the lock); the other
/// parts run only when the row was made (they read `inserted`). A data-modifying part always runs to
/// completion; `announced` runs because the result reads it. The first announcement gets the
/// cursor in front of its payload, since the cursor is only drawn here.
struct RecordResponseStatement: PostgresPreparedStatement {
    static let name = "xpedite_notify_record_response"
    static let sql = """
        WITH topic_turn AS (
            SELECT pg_advisory_xact_lock($1, hashtext($6))
        ), inserted AS (
            INSERT INTO notify_response (response_id, username, message_id, request, topic, json)
            SELECT $2, $3, $4, $5, $6, $7
            FROM topic_turn
            ON CONFLICT DO NOTHING
            RETURNING cursor
        ), answered AS (
            UPDATE notify_recipient SET answered_at = $8
            WHERE message_id = $4 AND username = $3 AND answered_at IS NULL
              AND EXISTS (SELECT 1 FROM inserted)
        ), queued AS (
            INSERT INTO notify_outbox (delivery_id, webhook, url, secret, body, next_attempt_at)
            SELECT gen_random_uuid()::text, w.name, w.url, w.secret, $7, $9
            FROM notify_webhook AS w, inserted WHERE w.topic = $6 ORDER BY w.name COLLATE "C"
        ), announced AS (
            SELECT pg_notify(x.channel, CASE WHEN x.n = 1 THEN inserted.cursor::text || x.payload ELSE x.payload END)
            FROM inserted, unnest($10::text[], $11::text[]) WITH ORDINALITY AS x(channel, payload, n)
        )
        SELECT cursor, (SELECT count(*) FROM announced) AS announcements FROM inserted
        """

    static let bindingDataTypes: [PostgresDataType] = [
        .int4, .text, .text, .text, .text, .text, .text, .float8, .float8, .textArray, .textArray,
    ]

    typealias Row = Int64

    var lockSpace: Int32
    var responseId: String
    var username: String
    var messageId: String?
    var request: String?
    var topic: String
    var body: String
    var answeredAt: Double
    var now: Double
    var channels: [String]
    var payloads: [String]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 11)
        bindings.append(lockSpace)
        bindings.append(responseId)
        bindings.append(username)
        bindings.append(messageId)
        bindings.append(request)
        bindings.append(topic)
        bindings.append(body)
        bindings.append(answeredAt)
        bindings.append(now)
        bindings.append(channels)
        bindings.append(payloads)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        try row.makeRandomAccess()["cursor"].decode(Int64.self)
    }
}
