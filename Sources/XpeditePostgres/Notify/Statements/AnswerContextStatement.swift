import PostgresNIO

/// What taking a response needs to check, read by one statement (``PostgresNotifyStore``'s
/// `answerContext`): the response stored under the `responseId`, the payload answered and whether
/// this user answered it, and which of the named documents this user uploaded.
///
/// A prepared statement: each connection parses and plans it once, not on every answer (a profile of
/// the responses route found parsing and planning the better half of the database's work).
/// PostgreSQL runs a statement on one snapshot, so the parts are consistent with each other. At
/// most one row: `response_id` is the response's key, a recipient is one per message and user, a
/// start request one per name; the start request is read only when no message is named.
struct AnswerContextStatement: PostgresPreparedStatement {
    static let name = "xpedite_notify_answer_context"
    static let sql = """
        SELECT e.cursor, e.response_id, e.username, e.message_id, e.request, e.topic, e.json,
               answered.payload, answered.answered,
               ARRAY(SELECT name FROM notify_document WHERE name = ANY($5::text[]) AND owner = $2) AS known
        FROM (SELECT 1) AS one
        LEFT JOIN notify_response AS e ON e.response_id = $1
        LEFT JOIN (
            SELECT m.payload, r.answered_at IS NOT NULL AS answered
            FROM notify_recipient r JOIN notify_message m ON m.id = r.message_id
            WHERE r.message_id = $3 AND r.username = $2
            UNION ALL
            SELECT payload, false FROM notify_start_request WHERE name = $4 AND $3::text IS NULL
        ) AS answered ON true
        """

    static let bindingDataTypes: [PostgresDataType] = [.text, .text, .text, .text, .textArray]

    typealias Row = PostgresRandomAccessRow

    var responseId: String
    var username: String
    var messageId: String?
    var request: String?
    var documentNames: [String]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 5)
        bindings.append(responseId)
        bindings.append(username)
        bindings.append(messageId)
        bindings.append(request)
        bindings.append(documentNames)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { row.makeRandomAccess() }
}
