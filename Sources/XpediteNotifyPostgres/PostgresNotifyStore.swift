import Foundation
import Logging
import PostgresNIO
import XpediteNotify
import XpeditePostgresSupport
import XpediteProtocol

/// Every store of the notification server in PostgreSQL, shared by every server on the database
/// (issue 18): users and groups, devices, messages with their recipients and push outbox, named
/// payloads, start requests, responses with their webhooks and webhook outbox, and the uploaded
/// documents (their bytes too, in a `bytea` column, so that every server can serve them).
///
/// The schema mirrors `SQLiteNotifyStore`'s (XpediteNotifySQLite) table for table; times are seconds
/// since 1970 in `double precision`, as there. What SQLite gets from its single writer,
/// PostgreSQL gets from its constraints and row locks:
///
/// - a response is stored once per `responseId` and a message is answered once per user by
///   unique indexes, with `INSERT … ON CONFLICT DO NOTHING`;
/// - the outboxes are claimed with `FOR UPDATE SKIP LOCKED` and a lease (`claimed_until`), so
///   several servers' delivery engines never claim the same row, and a row whose claimer died
///   is claimed again when its lease ends;
/// - the responses of one topic take a transaction-scoped advisory lock, so their cursors
///   commit in order and a reader after cursor *n* never misses a row committed later with a
///   smaller cursor.
///
/// Text is sorted with `COLLATE "C"` (byte order), as SQLite sorts it.
public final class PostgresNotifyStore: NotifyStore {
    let database: PostgresStoreDatabase

    /// The schema's versions (component `xpedite_notify`).
    public static let migrations = [
        PostgresMigration(version: 1, name: "notification stores", statements: [
            """
            CREATE TABLE notify_user (
                username TEXT NOT NULL PRIMARY KEY,
                password_hash TEXT NOT NULL,
                display_name TEXT NOT NULL
            )
            """,
            "CREATE TABLE notify_group (name TEXT NOT NULL PRIMARY KEY)",
            """
            CREATE TABLE notify_group_member (
                group_name TEXT NOT NULL REFERENCES notify_group(name) ON DELETE CASCADE,
                username TEXT NOT NULL REFERENCES notify_user(username) ON DELETE CASCADE,
                PRIMARY KEY (group_name, username)
            )
            """,
            "CREATE INDEX notify_group_member_user ON notify_group_member (username)",
            """
            CREATE TABLE notify_device (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                username TEXT NOT NULL REFERENCES notify_user(username) ON DELETE CASCADE,
                device_id TEXT NOT NULL,
                device_name TEXT NOT NULL,
                platform TEXT NOT NULL,
                push_token TEXT,
                token_digest TEXT NOT NULL UNIQUE,
                last_seen DOUBLE PRECISION,
                web_push_endpoint TEXT,
                web_push_p256dh BYTEA,
                web_push_auth BYTEA,
                UNIQUE (username, device_id)
            )
            """,
            """
            CREATE TABLE notify_message (
                seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                id TEXT NOT NULL UNIQUE,
                title TEXT NOT NULL,
                body TEXT NOT NULL,
                payload TEXT NOT NULL,
                direct BOOLEAN NOT NULL,
                sent_at DOUBLE PRECISION NOT NULL
            )
            """,
            """
            CREATE TABLE notify_recipient (
                message_id TEXT NOT NULL,
                username TEXT NOT NULL,
                answered_at DOUBLE PRECISION,
                PRIMARY KEY (message_id, username)
            )
            """,
            "CREATE INDEX notify_recipient_inbox ON notify_recipient (username, answered_at)",
            """
            CREATE TABLE notify_message_document (
                name TEXT NOT NULL,
                message_id TEXT NOT NULL,
                PRIMARY KEY (name, message_id)
            )
            """,
            """
            CREATE TABLE notify_delivery (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                delivery_id TEXT NOT NULL UNIQUE,
                message_id TEXT NOT NULL,
                device_key BIGINT NOT NULL,
                device_id TEXT NOT NULL,
                username TEXT NOT NULL,
                provider TEXT NOT NULL,
                state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'gone', 'failed')),
                attempts INTEGER NOT NULL DEFAULT 0,
                last_error TEXT,
                next_attempt_at DOUBLE PRECISION NOT NULL,
                claimed_until DOUBLE PRECISION,
                settled_at DOUBLE PRECISION
            )
            """,
            "CREATE INDEX notify_delivery_message ON notify_delivery (message_id)",
            "CREATE INDEX notify_delivery_due ON notify_delivery (provider, next_attempt_at) WHERE state = 'pending'",
            "CREATE INDEX notify_delivery_settled ON notify_delivery (settled_at) WHERE state <> 'delivered'",
            "CREATE TABLE notify_named_payload (name TEXT NOT NULL PRIMARY KEY, payload TEXT NOT NULL)",
            """
            CREATE TABLE notify_start_request (
                name TEXT NOT NULL PRIMARY KEY,
                title TEXT NOT NULL,
                body TEXT NOT NULL,
                payload TEXT NOT NULL
            )
            """,
            """
            CREATE TABLE notify_response (
                cursor BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                response_id TEXT NOT NULL UNIQUE,
                username TEXT NOT NULL,
                message_id TEXT,
                request TEXT,
                topic TEXT NOT NULL,
                json TEXT NOT NULL
            )
            """,
            // A message is answered once per user: the constraint, not a read before the write.
            """
            CREATE UNIQUE INDEX notify_response_answer ON notify_response (message_id, username)
                WHERE message_id IS NOT NULL
            """,
            "CREATE INDEX notify_response_topic ON notify_response (topic, cursor)",
            """
            CREATE TABLE notify_webhook (
                name TEXT NOT NULL PRIMARY KEY,
                topic TEXT NOT NULL,
                url TEXT NOT NULL,
                secret TEXT NOT NULL
            )
            """,
            "CREATE INDEX notify_webhook_topic ON notify_webhook (topic)",
            """
            CREATE TABLE notify_outbox (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                delivery_id TEXT NOT NULL UNIQUE,
                webhook TEXT NOT NULL,
                url TEXT NOT NULL,
                secret TEXT NOT NULL,
                body TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at DOUBLE PRECISION NOT NULL,
                last_error TEXT,
                delivered_at DOUBLE PRECISION,
                claimed_until DOUBLE PRECISION
            )
            """,
            "CREATE INDEX notify_outbox_due ON notify_outbox (next_attempt_at) WHERE delivered_at IS NULL",
            """
            CREATE TABLE notify_document (
                name TEXT NOT NULL PRIMARY KEY,
                kind TEXT NOT NULL,
                owner TEXT NOT NULL,
                size BIGINT NOT NULL,
                bytes BYTEA NOT NULL
            )
            """,
            "CREATE INDEX notify_document_owner ON notify_document (owner)",
        ]),
        // What every server of the database shares beside the rows: the Web Push (VAPID) key.
        PostgresMigration(version: 2, name: "shared settings", statements: [
            "CREATE TABLE notify_setting (name TEXT NOT NULL PRIMARY KEY, value TEXT NOT NULL)",
        ]),
        // Exports (docs/notify-api.md#exporting-responses): a topic's responses by user, and a
        // message's responses, in cursor order (migration notify.v4-response-export).
        PostgresMigration(version: 3, name: "notify.v4-response-export", statements: [
            "CREATE INDEX notify_response_topic_user ON notify_response (topic, username, cursor)",
            "CREATE INDEX notify_response_message ON notify_response (message_id, cursor)",
        ]),
        // Withdrawal (docs/notify-api.md#delete-messagesmessageid): a message's state, when and why it
        // was withdrawn, its expiry; a delivery is the message's push or a withdrawal push.
        PostgresMigration(version: 4, name: "notify.v6-withdrawal", statements: [
            "ALTER TABLE notify_message ADD COLUMN state TEXT NOT NULL DEFAULT 'active'",
            "ALTER TABLE notify_message ADD COLUMN withdrawn_at DOUBLE PRECISION",
            "ALTER TABLE notify_message ADD COLUMN withdraw_reason TEXT",
            "ALTER TABLE notify_message ADD COLUMN expires_at DOUBLE PRECISION",
            "CREATE INDEX notify_message_expiry ON notify_message (expires_at) WHERE state = 'active' AND expires_at IS NOT NULL",
            "ALTER TABLE notify_delivery ADD COLUMN kind TEXT NOT NULL DEFAULT 'message'",
        ]),
        // Console operators, their sessions (by the SHA-256 of the id) and the failed sign-ins,
        // shared by every server (docs/notify-api.md#operators-and-roles, decision 0446).
        PostgresMigration(version: 5, name: "notify.v5-operators", statements: [
            """
            CREATE TABLE notify_operator (
                username TEXT NOT NULL PRIMARY KEY,
                password_hash TEXT NOT NULL,
                role TEXT NOT NULL,
                created_at DOUBLE PRECISION NOT NULL
            )
            """,
            """
            CREATE TABLE notify_console_session (
                digest TEXT NOT NULL PRIMARY KEY,
                username TEXT NOT NULL REFERENCES notify_operator(username) ON DELETE CASCADE,
                csrf_token TEXT NOT NULL,
                created_at DOUBLE PRECISION NOT NULL,
                expires_at DOUBLE PRECISION NOT NULL
            )
            """,
            "CREATE INDEX notify_console_session_user ON notify_console_session (username)",
            "CREATE INDEX notify_console_session_end ON notify_console_session (expires_at)",
            """
            CREATE TABLE notify_sign_in_failure (
                key TEXT NOT NULL PRIMARY KEY,
                count INTEGER NOT NULL,
                last_failure_at DOUBLE PRECISION NOT NULL
            )
            """,
        ]),
        // The list of sent messages (docs/notify-api.md#get-messages, decision 0510): the named
        // payload a message was sent by, and the keyset the list pages over, newest first
        // (migration notify.v7-message-list).
        PostgresMigration(version: 6, name: "notify.v7-message-list", statements: [
            "ALTER TABLE notify_message ADD COLUMN payload_name TEXT",
            "CREATE INDEX notify_message_sent ON notify_message (sent_at, seq)",
            "CREATE INDEX notify_message_payload_name ON notify_message (payload_name, sent_at, seq) WHERE payload_name IS NOT NULL",
        ]),
        // The console's Operation and People sections (docs/notify-api.md#operation): sends and
        // answers per hour by time, a webhook's recent deliveries, a revoked device's pending pushes
        // (migration notify.v8-operation).
        PostgresMigration(version: 7, name: "notify.v8-operation", statements: [
            "ALTER TABLE notify_response ADD COLUMN received_at DOUBLE PRECISION",
            "UPDATE notify_response SET received_at = extract(epoch FROM (json::jsonb ->> 'receivedAt')::timestamptz)",
            "CREATE INDEX notify_response_received ON notify_response (received_at)",
            // notify_message_sent (sent_at, seq) comes from notify.v7-message-list.
            "CREATE INDEX notify_outbox_webhook ON notify_outbox (webhook, id)",
            "CREATE INDEX notify_delivery_device_pending ON notify_delivery (device_key) WHERE state = 'pending'",
        ]),
    ]

    /// Uses `database`, migrating its notification schema first.
    public init(database: PostgresStoreDatabase) async throws {
        self.database = database
        try await database.migrate("xpedite_notify", migrations: Self.migrations)
    }

    var client: PostgresClient { database.client }
    var logger: Logger { database.logger }

    // MARK: - Helpers

    /// The rows of a query run on the pool.
    func fetch(_ query: PostgresQuery) async throws -> [PostgresRandomAccessRow] {
        try await client.query(query, logger: logger).collect().map { $0.makeRandomAccess() }
    }

    /// The rows of a hot statement, run as a prepared statement on the pool: each connection parses
    /// and plans it once (``PostgresStoreDatabase/execute(_:bindings:)``). Its parameters get their
    /// types from the SQL (casts where the context does not say).
    func fetchPrepared(_ sql: String, _ bindings: PostgresBindings) async throws -> [PostgresRandomAccessRow] {
        var rows: [PostgresRandomAccessRow] = []
        for try await row in try await database.execute(sql, bindings: bindings) { rows.append(row.makeRandomAccess()) }
        return rows
    }

    /// The rows of a query run on a connection (inside a transaction).
    func fetch(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> [PostgresRandomAccessRow] {
        try await connection.query(query, logger: logger).collect().map { $0.makeRandomAccess() }
    }

    /// Runs a statement on a connection (inside a transaction).
    func run(_ query: PostgresQuery, on connection: PostgresConnection) async throws {
        try await connection.query(query, logger: logger)
    }

    /// How many rows a `DELETE … RETURNING 1` (or `UPDATE … RETURNING 1`) touched.
    func changes(_ query: PostgresQuery) async throws -> Int {
        try await fetch(query).count
    }

    /// Canonical JSON text of a payload, the form payloads are stored in.
    static func text(_ payload: Payload) -> String {
        CanonicalJSON.string(payload.json)
    }

    /// Reads a stored payload back.
    static func payload(_ text: String) throws -> Payload {
        do {
            return try Payload(stored: JSONValue(parsing: text))
        } catch {
            throw StoreError.corrupt("a stored payload cannot be read: \(error)")
        }
    }

    /// A stored time read back.
    static func date(_ seconds: Double?) -> Date? {
        seconds.map(Date.init(timeIntervalSince1970:))
    }

    /// A stored message state read back.
    static func messageState(_ text: String) throws -> MessageState {
        guard let state = MessageState(rawValue: text) else { throw StoreError.corrupt("unknown message state \"\(text)\"") }
        return state
    }

    /// A stored push kind read back.
    static func pushKind(_ text: String) throws -> PushKind {
        guard let kind = PushKind(rawValue: text) else { throw StoreError.corrupt("unknown push kind \"\(text)\"") }
        return kind
    }

    /// A stored delivery state read back.
    static func deliveryState(_ text: String) throws -> DeliveryState {
        guard let state = DeliveryState(rawValue: text) else { throw StoreError.corrupt("unknown delivery state \"\(text)\"") }
        return state
    }

    /// Bytes of a `bytea` column.
    static func data(_ buffer: ByteBuffer?) -> Data? {
        buffer.map { Data($0.readableBytesView) }
    }
}

extension PostgresNotifyStore {
    /// Deletes every user, group, device, message, delivery, payload, start request, response,
    /// webhook and document, in one statement (`xpedite demo --reset`); the schema stays.
    public func deleteEverything() async throws {
        try await client.query("""
            TRUNCATE notify_user, notify_group, notify_group_member, notify_device, notify_message, notify_recipient,
                notify_message_document, notify_delivery, notify_named_payload, notify_start_request, notify_response,
                notify_webhook, notify_outbox, notify_document RESTART IDENTITY
            """, logger: logger)
    }
}
