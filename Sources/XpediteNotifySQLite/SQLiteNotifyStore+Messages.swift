import Foundation
import GRDB
import XpediteProtocol
import XpediteNotify

extension SQLiteNotifyStore {
    public func insertMessage(_ message: NotifyMessage, devices: [NotifyDevice], providers: [String],
                              documents: Set<String>) async throws -> NotifyMessage {
        let payload = Self.text(message.payload)
        return try await pool.write { db in
            try db.cachedStatement(sql: """
                INSERT INTO notify_message (id, title, body, payload, direct, sent_at, expires_at, payload_name)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(arguments: [message.messageId, message.title, message.body, payload, message.direct,
                                 message.sentAt.timeIntervalSince1970, message.expiresAt?.timeIntervalSince1970,
                                 message.payloadName])
            let recipient = try db.cachedStatement(sql: "INSERT INTO notify_recipient (message_id, username) VALUES (?, ?)")
            for entry in message.recipients {
                try recipient.execute(arguments: [message.messageId, entry.username])
            }
            for name in documents {
                try db.execute(sql: "INSERT OR IGNORE INTO notify_message_document (name, message_id) VALUES (?, ?)",
                               arguments: [name, message.messageId])
            }
            let delivery = try db.cachedStatement(sql: """
                INSERT INTO notify_delivery (message_id, device_key, device_id, username, provider, state, attempts, delivery_id,
                                             next_attempt_at)
                VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?)
                """)
            let due = message.sentAt.timeIntervalSince1970
            var stored = message
            stored.deliveries = []
            stored.deliveries.reserveCapacity(devices.count)
            for (device, provider) in zip(devices, providers) {
                try delivery.execute(arguments: [message.messageId, device.key, device.deviceId, device.username, provider,
                                                 UUID().uuidString.lowercased(), due])
                stored.deliveries.append(NotifyMessage.Delivery(key: db.lastInsertedRowID, deviceId: device.deviceId,
                                                                deviceKey: device.key, provider: provider, state: .pending,
                                                                attempts: 0))
            }
            return stored
        }
    }

    public func message(_ messageId: String) async throws -> NotifyMessage? {
        try await pool.read { db in
            // Cached statements: compiled once per connection (compiling each read cost more than running it).
            guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM notify_message WHERE id = ?"), arguments: [messageId]) else {
                return nil
            }
            var message = try Self.message(from: row)
            message.recipients = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT username, answered_at FROM notify_recipient WHERE message_id = ? ORDER BY username
                """), arguments: [messageId]).map { row in
                NotifyMessage.Recipient(username: row["username"],
                                        answeredAt: (row["answered_at"] as Double?).map(Date.init(timeIntervalSince1970:)))
            }
            message.deliveries = try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM notify_delivery WHERE message_id = ? ORDER BY id"),
                                                  arguments: [messageId]).map { row in
                NotifyMessage.Delivery(key: row["id"], deviceId: row["device_id"], deviceKey: row["device_key"],
                                       provider: row["provider"], state: try Self.deliveryState(row["state"]),
                                       attempts: row["attempts"], lastError: row["last_error"],
                                       kind: try Self.pushKind(row["kind"]))
            }
            return message
        }
    }

    public func messageHeader(_ messageId: String) async throws -> NotifyMessage? {
        try await pool.read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM notify_message WHERE id = ?"), arguments: [messageId]).map(Self.message(from:))
        }
    }

    public func inbox(of username: String) async throws -> [NotifyMessage] {
        try await pool.read { db in
            try Row.fetchAll(db.cachedStatement(sql: """
                SELECT m.* FROM notify_recipient r JOIN notify_message m ON m.id = r.message_id
                WHERE r.username = ? AND r.answered_at IS NULL AND m.state = 'active' ORDER BY m.sent_at DESC, m.seq DESC
                """), arguments: [username]).map(Self.message(from:))
        }
    }

    public func recipient(_ username: String, of messageId: String) async throws -> NotifyMessage.Recipient? {
        try await pool.read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT answered_at FROM notify_recipient WHERE message_id = ? AND username = ?"),
                             arguments: [messageId, username]).map { row in
                NotifyMessage.Recipient(username: username,
                                        answeredAt: (row["answered_at"] as Double?).map(Date.init(timeIntervalSince1970:)))
            }
        }
    }

    public func putNamedPayload(_ payload: Payload, name: String) async throws {
        let text = Self.text(payload)
        try await pool.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO notify_named_payload (name, payload) VALUES (?, ?)", arguments: [name, text])
        }
    }

    public func namedPayload(_ name: String) async throws -> Payload? {
        let text = try await pool.read { db in
            try String.fetchOne(db, sql: "SELECT payload FROM notify_named_payload WHERE name = ?", arguments: [name])
        }
        return try text.map(Self.payload)
    }

    public func deleteNamedPayload(_ name: String) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM notify_named_payload WHERE name = ?", arguments: [name])
            return db.changesCount > 0
        }
    }

    public func putStartRequest(_ request: StartRequest) async throws {
        let text = Self.text(request.payload)
        try await pool.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO notify_start_request (name, title, body, payload) VALUES (?, ?, ?, ?)",
                           arguments: [request.name, request.title, request.body, text])
        }
    }

    public func startRequest(_ name: String) async throws -> StartRequest? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM notify_start_request WHERE name = ?", arguments: [name]).map(Self.startRequest(from:))
        }
    }

    public func startRequests() async throws -> [StartRequest] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM notify_start_request ORDER BY name").map(Self.startRequest(from:))
        }
    }

    public func deleteStartRequest(_ name: String) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM notify_start_request WHERE name = ?", arguments: [name])
            return db.changesCount > 0
        }
    }

    static func message(from row: Row) throws -> NotifyMessage {
        NotifyMessage(messageId: row["id"], title: row["title"], body: row["body"], payload: try payload(row["payload"]),
                      direct: row["direct"], sentAt: Date(timeIntervalSince1970: row["sent_at"]),
                      expiresAt: (row["expires_at"] as Double?).map(Date.init(timeIntervalSince1970:)),
                      state: try messageState(row["state"]),
                      withdrawnAt: (row["withdrawn_at"] as Double?).map(Date.init(timeIntervalSince1970:)),
                      withdrawReason: row["withdraw_reason"], payloadName: row["payload_name"])
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

    static func startRequest(from row: Row) throws -> StartRequest {
        StartRequest(name: row["name"], title: row["title"], body: row["body"], payload: try payload(row["payload"]))
    }
}
