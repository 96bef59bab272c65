import Foundation
import GRDB
import XpediteProtocol
import XpediteNotify

extension SQLiteNotifyStore {
    public func putUser(username: String, passwordHash: String, displayName: String?, groups: [String]?) async throws -> NotifyUser {
        try await pool.write { db in
            let existing = try String.fetchOne(db, sql: "SELECT display_name FROM notify_user WHERE username = ?",
                                               arguments: [username])
            let name = displayName ?? existing ?? username
            try db.execute(sql: """
                INSERT INTO notify_user (username, password_hash, display_name) VALUES (?, ?, ?)
                ON CONFLICT(username) DO UPDATE SET password_hash = excluded.password_hash, display_name = excluded.display_name
                """, arguments: [username, passwordHash, name])
            if let groups {
                try db.execute(sql: "DELETE FROM notify_group_member WHERE username = ?", arguments: [username])
                for group in Set(groups) {
                    try db.execute(sql: "INSERT OR IGNORE INTO notify_group (name) VALUES (?)", arguments: [group])
                    try db.execute(sql: "INSERT INTO notify_group_member (group_name, username) VALUES (?, ?)",
                                   arguments: [group, username])
                }
            }
            return try Self.fetchUser(db, username) ?? NotifyUser(username: username, displayName: name, groups: [], devices: 0)
        }
    }

    public func deleteUser(_ username: String) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM notify_user WHERE username = ?", arguments: [username])
            let deleted = db.changesCount > 0
            // Pending messages go with the user; answered ones (and their responses) stay.
            try db.execute(sql: "DELETE FROM notify_recipient WHERE username = ? AND answered_at IS NULL", arguments: [username])
            return deleted
        }
    }

    public func user(_ username: String) async throws -> NotifyUser? {
        try await pool.read { db in try Self.fetchUser(db, username) }
    }

    public func users() async throws -> [NotifyUser] {
        try await pool.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT u.username, u.display_name,
                       (SELECT COUNT(*) FROM notify_device d WHERE d.username = u.username) AS devices,
                       (SELECT group_concat(group_name, char(10)) FROM
                            (SELECT group_name FROM notify_group_member m WHERE m.username = u.username ORDER BY group_name)) AS groups
                FROM notify_user u ORDER BY u.username
                """)
            return rows.map(Self.user(from:))
        }
    }

    public func passwordHash(of username: String) async throws -> String? {
        try await pool.read { db in
            try String.fetchOne(db, sql: "SELECT password_hash FROM notify_user WHERE username = ?", arguments: [username])
        }
    }

    public func setGroup(_ name: String, members: [String]) async throws -> [String] {
        try await pool.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO notify_group (name) VALUES (?)", arguments: [name])
            try db.execute(sql: "DELETE FROM notify_group_member WHERE group_name = ?", arguments: [name])
            for member in Set(members) {
                try db.execute(sql: "INSERT INTO notify_group_member (group_name, username) VALUES (?, ?)", arguments: [name, member])
            }
            return try String.fetchAll(db, sql: "SELECT username FROM notify_group_member WHERE group_name = ? ORDER BY username",
                                       arguments: [name])
        }
    }

    public func members(ofGroups names: [String]) async throws -> [String: [String]] {
        try await pool.read { db in
            var result: [String: [String]] = [:]
            for name in names {
                guard try Bool.fetchOne(db, sql: "SELECT 1 FROM notify_group WHERE name = ?", arguments: [name]) != nil else { continue }
                result[name] = try String.fetchAll(db, sql: """
                    SELECT username FROM notify_group_member WHERE group_name = ? ORDER BY username
                    """, arguments: [name])
            }
            return result
        }
    }

    public func existingUsernames(_ usernames: [String]) async throws -> Set<String> {
        try await pool.read { db in
            var found = Set<String>()
            // A cached statement: compiled once per connection, not once per username (decision 0607).
            let statement = try db.cachedStatement(sql: "SELECT 1 FROM notify_user WHERE username = ?")
            for username in Set(usernames) where try Bool.fetchOne(statement, arguments: [username]) != nil {
                found.insert(username)
            }
            return found
        }
    }

    public func allUsernames() async throws -> [String] {
        try await pool.read { db in try String.fetchAll(db, sql: "SELECT username FROM notify_user ORDER BY username") }
    }

    static func fetchUser(_ db: Database, _ username: String) throws -> NotifyUser? {
        try Row.fetchOne(db, sql: """
            SELECT u.username, u.display_name,
                   (SELECT COUNT(*) FROM notify_device d WHERE d.username = u.username) AS devices,
                   (SELECT group_concat(group_name, char(10)) FROM
                        (SELECT group_name FROM notify_group_member m WHERE m.username = u.username ORDER BY group_name)) AS groups
            FROM notify_user u WHERE u.username = ?
            """, arguments: [username]).map(user(from:))
    }

    static func user(from row: Row) -> NotifyUser {
        let groups: String? = row["groups"]
        return NotifyUser(username: row["username"], displayName: row["display_name"],
                          groups: groups.map { $0.split(separator: "\n").map(String.init) } ?? [], devices: row["devices"])
    }
}
