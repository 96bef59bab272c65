import Foundation
import GRDB
import NIOPosix
import XpediteProtocol
import XpediteNotify

/// Every store of the notification server in one SQLite database (`notify.sqlite`) in the data
/// directory, through GRDB, plus the uploaded documents as files under `documents/`.
///
/// WAL mode with `synchronous = FULL`: a response acknowledged to a device (201) has been
/// committed and synced, so neither a `kill -9` nor a power loss forgets it. Every access is
/// asynchronous (GRDB runs it on its own queue); file reads and writes run on NIO's thread pool.
public final class SQLiteNotifyStore: NotifyStore {
    /// The database file.
    public let path: String
    /// The folder of the uploaded documents.
    public let documentsDirectory: URL

    let pool: DatabasePool

    /// The name of the database file inside the data directory.
    public static let defaultFileName = "notify.sqlite"

    /// Opens (creating if needed) `notify.sqlite` and `documents/` in `directory`.
    public init(directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        documentsDirectory = directory.appendingPathComponent("documents", isDirectory: true)
        for kind in DocumentKind.allCases {
            try FileManager.default.createDirectory(at: documentsDirectory.appendingPathComponent(kind.rawValue),
                                                    withIntermediateDirectories: true)
        }
        path = directory.appendingPathComponent(Self.defaultFileName).path
        var configuration = Configuration()
        configuration.label = "XpediteNotify"
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        pool = try DatabasePool(path: path, configuration: configuration)
        try Self.migrator.migrate(pool)
    }

    /// Closes the database connections.
    public func close() throws {
        try pool.close()
    }

    // MARK: - Schema

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("notify.v1") { db in
            try db.execute(sql: """
                CREATE TABLE notify_user (
                    username TEXT NOT NULL PRIMARY KEY,
                    password_hash TEXT NOT NULL,
                    display_name TEXT NOT NULL
                ) WITHOUT ROWID;
                CREATE TABLE notify_group (name TEXT NOT NULL PRIMARY KEY) WITHOUT ROWID;
                CREATE TABLE notify_group_member (
                    group_name TEXT NOT NULL REFERENCES notify_group(name) ON DELETE CASCADE,
                    username TEXT NOT NULL REFERENCES notify_user(username) ON DELETE CASCADE,
                    PRIMARY KEY (group_name, username)
                ) WITHOUT ROWID;
                CREATE INDEX notify_group_member_user ON notify_group_member(username);
                CREATE TABLE notify_device (
                    id INTEGER PRIMARY KEY,
                    username TEXT NOT NULL REFERENCES notify_user(username) ON DELETE CASCADE,
                    device_id TEXT NOT NULL,
                    device_name TEXT NOT NULL,
                    platform TEXT NOT NULL,
                    push_token TEXT,
                    token_digest TEXT NOT NULL UNIQUE,
                    UNIQUE (username, device_id)
                );
                CREATE TABLE notify_message (
                    seq INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    title TEXT NOT NULL,
                    body TEXT NOT NULL,
                    payload TEXT NOT NULL,
                    direct INTEGER NOT NULL,
                    sent_at DOUBLE NOT NULL
                );
                CREATE TABLE notify_recipient (
                    message_id TEXT NOT NULL,
                    username TEXT NOT NULL,
                    answered_at DOUBLE,
                    PRIMARY KEY (message_id, username)
                ) WITHOUT ROWID;
                CREATE INDEX notify_recipient_inbox ON notify_recipient(username, answered_at);
                CREATE TABLE notify_message_document (
                    name TEXT NOT NULL,
                    message_id TEXT NOT NULL,
                    PRIMARY KEY (name, message_id)
                ) WITHOUT ROWID;
                CREATE TABLE notify_delivery (
                    id INTEGER PRIMARY KEY,
                    message_id TEXT NOT NULL,
                    device_key INTEGER NOT NULL,
                    device_id TEXT NOT NULL,
                    provider TEXT NOT NULL,
                    state TEXT NOT NULL,
                    attempts INTEGER NOT NULL,
                    last_error TEXT
                );
                CREATE INDEX notify_delivery_message ON notify_delivery(message_id);
                CREATE TABLE notify_named_payload (name TEXT NOT NULL PRIMARY KEY, payload TEXT NOT NULL) WITHOUT ROWID;
                CREATE TABLE notify_start_request (
                    name TEXT NOT NULL PRIMARY KEY,
                    title TEXT NOT NULL,
                    body TEXT NOT NULL,
                    payload TEXT NOT NULL
                ) WITHOUT ROWID;
                CREATE TABLE notify_response (
                    cursor INTEGER PRIMARY KEY AUTOINCREMENT,
                    response_id TEXT NOT NULL UNIQUE,
                    username TEXT NOT NULL,
                    message_id TEXT,
                    request TEXT,
                    topic TEXT NOT NULL,
                    json TEXT NOT NULL
                );
                CREATE UNIQUE INDEX notify_response_answer ON notify_response(message_id, username)
                    WHERE message_id IS NOT NULL;
                CREATE INDEX notify_response_topic ON notify_response(topic, cursor);
                CREATE TABLE notify_webhook (
                    name TEXT NOT NULL PRIMARY KEY,
                    topic TEXT NOT NULL,
                    url TEXT NOT NULL,
                    secret TEXT NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX notify_webhook_topic ON notify_webhook(topic);
                CREATE TABLE notify_outbox (
                    id INTEGER PRIMARY KEY,
                    delivery_id TEXT NOT NULL UNIQUE,
                    webhook TEXT NOT NULL,
                    url TEXT NOT NULL,
                    secret TEXT NOT NULL,
                    body TEXT NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    next_attempt_at DOUBLE NOT NULL,
                    last_error TEXT,
                    delivered_at DOUBLE
                );
                CREATE INDEX notify_outbox_due ON notify_outbox(next_attempt_at) WHERE delivered_at IS NULL;
                CREATE TABLE notify_document (
                    name TEXT NOT NULL PRIMARY KEY,
                    kind TEXT NOT NULL,
                    owner TEXT NOT NULL,
                    size INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX notify_document_owner ON notify_document(owner);
                """)
        }
        // The push outbox (docs/push.md#how-a-send-becomes-pushes): each delivery has its own id
        // (APNs' apns-id), its recipient, a due time and a lease; states are pending, delivered,
        // gone and failed.
        migrator.registerMigration("notify.v2-outbox") { db in
            try db.execute(sql: """
                ALTER TABLE notify_delivery ADD COLUMN delivery_id TEXT;
                ALTER TABLE notify_delivery ADD COLUMN username TEXT;
                ALTER TABLE notify_delivery ADD COLUMN next_attempt_at DOUBLE NOT NULL DEFAULT 0;
                ALTER TABLE notify_delivery ADD COLUMN claimed_until DOUBLE;
                ALTER TABLE notify_delivery ADD COLUMN settled_at DOUBLE;
                UPDATE notify_delivery SET state = 'delivered', settled_at = 0 WHERE state = 'sent';
                UPDATE notify_delivery SET state = 'failed', settled_at = 0 WHERE state NOT IN ('delivered', 'queued');
                UPDATE notify_delivery SET state = 'pending' WHERE state = 'queued';
                UPDATE notify_delivery SET username = (SELECT username FROM notify_device WHERE id = device_key);
                CREATE INDEX notify_delivery_due ON notify_delivery(provider, next_attempt_at) WHERE state = 'pending';
                CREATE INDEX notify_delivery_settled ON notify_delivery(settled_at) WHERE state <> 'delivered';
                ALTER TABLE notify_outbox ADD COLUMN claimed_until DOUBLE;
                ALTER TABLE notify_device ADD COLUMN last_seen DOUBLE;
                """)
            let keys = try Int64.fetchAll(db, sql: "SELECT id FROM notify_delivery WHERE delivery_id IS NULL")
            let update = try db.makeStatement(sql: "UPDATE notify_delivery SET delivery_id = ? WHERE id = ?")
            for key in keys {
                try update.execute(arguments: [UUID().uuidString.lowercased(), key])
            }
        }
        // Web Push (docs/push.md#web-push): a browser's subscription on its device.
        migrator.registerMigration("notify.v3-webpush") { db in
            try db.execute(sql: """
                ALTER TABLE notify_device ADD COLUMN web_push_endpoint TEXT;
                ALTER TABLE notify_device ADD COLUMN web_push_p256dh BLOB;
                ALTER TABLE notify_device ADD COLUMN web_push_auth BLOB;
                """)
        }
        // Exports (docs/notify-api.md#exporting-responses): a topic's responses by user, and a
        // message's responses, in cursor order.
        migrator.registerMigration("notify.v4-response-export") { db in
            try db.execute(sql: """
                CREATE INDEX notify_response_topic_user ON notify_response(topic, username, cursor);
                CREATE INDEX notify_response_message ON notify_response(message_id, cursor);
                """)
        }
        // Withdrawal (docs/notify-api.md#delete-messagesmessageid): a message's state, when and why it
        // was withdrawn, its expiry; a delivery is the message's push or a withdrawal push.
        migrator.registerMigration("notify.v6-withdrawal") { db in
            try db.execute(sql: """
                ALTER TABLE notify_message ADD COLUMN state TEXT NOT NULL DEFAULT 'active';
                ALTER TABLE notify_message ADD COLUMN withdrawn_at DOUBLE;
                ALTER TABLE notify_message ADD COLUMN withdraw_reason TEXT;
                ALTER TABLE notify_message ADD COLUMN expires_at DOUBLE;
                CREATE INDEX notify_message_expiry ON notify_message(expires_at) WHERE state = 'active' AND expires_at IS NOT NULL;
                ALTER TABLE notify_delivery ADD COLUMN kind TEXT NOT NULL DEFAULT 'message';
                """)
        }
        // Console operators, their sessions (by the SHA-256 of the id) and the failed sign-ins
        // that slow down guessing (docs/notify-api.md#operators-and-roles, decision 0446).
        migrator.registerMigration("notify.v5-operators") { db in
            try db.execute(sql: """
                CREATE TABLE notify_operator (
                    username TEXT NOT NULL PRIMARY KEY,
                    password_hash TEXT NOT NULL,
                    role TEXT NOT NULL,
                    created_at DOUBLE NOT NULL
                ) WITHOUT ROWID;
                CREATE TABLE notify_console_session (
                    digest TEXT NOT NULL PRIMARY KEY,
                    username TEXT NOT NULL REFERENCES notify_operator(username) ON DELETE CASCADE,
                    csrf_token TEXT NOT NULL,
                    created_at DOUBLE NOT NULL,
                    expires_at DOUBLE NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX notify_console_session_user ON notify_console_session(username);
                CREATE INDEX notify_console_session_end ON notify_console_session(expires_at);
                CREATE TABLE notify_sign_in_failure (
                    key TEXT NOT NULL PRIMARY KEY,
                    count INTEGER NOT NULL,
                    last_failure_at DOUBLE NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        // The list of sent messages (docs/notify-api.md#get-messages, decision 0510): the named
        // payload a message was sent by, and the keyset the list pages over, newest first.
        migrator.registerMigration("notify.v7-message-list") { db in
            try db.execute(sql: """
                ALTER TABLE notify_message ADD COLUMN payload_name TEXT;
                CREATE INDEX notify_message_sent ON notify_message(sent_at, seq);
                CREATE INDEX notify_message_payload_name ON notify_message(payload_name, sent_at, seq) WHERE payload_name IS NOT NULL;
                """)
        }
        // The console's Operation and People sections (docs/notify-api.md#operation): sends and
        // answers per hour by time, a webhook's recent deliveries, a revoked device's pending pushes.
        migrator.registerMigration("notify.v8-operation") { db in
            try db.execute(sql: """
                ALTER TABLE notify_response ADD COLUMN received_at DOUBLE;
                UPDATE notify_response SET received_at = (julianday(json_extract(json, '$.receivedAt')) - 2440587.5) * 86400.0;
                CREATE INDEX notify_response_received ON notify_response(received_at);
                CREATE INDEX notify_outbox_webhook ON notify_outbox(webhook, id);
                CREATE INDEX notify_delivery_device_pending ON notify_delivery(device_key) WHERE state = 'pending';
                """)
        }
        return migrator
    }

    // MARK: - Helpers

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
}
