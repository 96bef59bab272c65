import Foundation
import PostgresNIO
import XpediteNotify
import XpeditePostgresSupport

extension PostgresNotifyStore {
    /// The columns of a user with its device count and sorted groups.
    private static func userQuery(where username: String) -> PostgresQuery {
        """
        SELECT u.username, u.display_name,
               (SELECT count(*) FROM notify_device d WHERE d.username = u.username) AS devices,
               ARRAY(SELECT m.group_name FROM notify_group_member m WHERE m.username = u.username
                     ORDER BY m.group_name COLLATE "C") AS groups
        FROM notify_user u WHERE u.username = \(username)
        """
    }

    public func putUser(username: String, passwordHash: String, displayName: String?, groups: [String]?) async throws -> NotifyUser {
        try await client.withTransaction(logger: logger) { connection in
            let existing = try await self.fetch("SELECT display_name FROM notify_user WHERE username = \(username)",
                                                on: connection).first.map { try $0["display_name"].decode(String.self) }
            let name = displayName ?? existing ?? username
            try await self.run("""
                INSERT INTO notify_user (username, password_hash, display_name) VALUES (\(username), \(passwordHash), \(name))
                ON CONFLICT (username) DO UPDATE SET password_hash = EXCLUDED.password_hash, display_name = EXCLUDED.display_name
                """, on: connection)
            if let groups {
                let unique = Set(groups).sorted()
                try await self.run("DELETE FROM notify_group_member WHERE username = \(username)", on: connection)
                try await self.run("INSERT INTO notify_group (name) SELECT unnest(\(unique)::text[]) ON CONFLICT DO NOTHING",
                                   on: connection)
                try await self.run("""
                    INSERT INTO notify_group_member (group_name, username) SELECT unnest(\(unique)::text[]), \(username)
                    """, on: connection)
            }
            return try await self.fetch(Self.userQuery(where: username), on: connection).first.map(Self.user(from:))
                ?? NotifyUser(username: username, displayName: name, groups: [], devices: 0)
        }
    }

    public func deleteUser(_ username: String) async throws -> Bool {
        try await client.withTransaction(logger: logger) { connection in
            let deleted = try await self.fetch("DELETE FROM notify_user WHERE username = \(username) RETURNING 1",
                                               on: connection).count > 0
            // Pending messages go with the user; answered ones (and their responses) stay.
            try await self.run("DELETE FROM notify_recipient WHERE username = \(username) AND answered_at IS NULL",
                               on: connection)
            return deleted
        }
    }

    public func user(_ username: String) async throws -> NotifyUser? {
        try await fetch(Self.userQuery(where: username)).first.map(Self.user(from:))
    }

    public func users() async throws -> [NotifyUser] {
        try await fetch("""
            SELECT u.username, u.display_name,
                   (SELECT count(*) FROM notify_device d WHERE d.username = u.username) AS devices,
                   ARRAY(SELECT m.group_name FROM notify_group_member m WHERE m.username = u.username
                         ORDER BY m.group_name COLLATE "C") AS groups
            FROM notify_user u ORDER BY u.username COLLATE "C"
            """).map(Self.user(from:))
    }

    public func passwordHash(of username: String) async throws -> String? {
        try await fetch("SELECT password_hash FROM notify_user WHERE username = \(username)").first
            .map { try $0["password_hash"].decode(String.self) }
    }

    public func setGroup(_ name: String, members: [String]) async throws -> [String] {
        let unique = Set(members).sorted()
        return try await client.withTransaction(logger: logger) { connection in
            try await self.run("INSERT INTO notify_group (name) VALUES (\(name)) ON CONFLICT DO NOTHING", on: connection)
            try await self.run("DELETE FROM notify_group_member WHERE group_name = \(name)", on: connection)
            try await self.run("""
                INSERT INTO notify_group_member (group_name, username) SELECT \(name), unnest(\(unique)::text[])
                """, on: connection)
            return try await self.fetch("""
                SELECT username FROM notify_group_member WHERE group_name = \(name) ORDER BY username COLLATE "C"
                """, on: connection).map { try $0["username"].decode(String.self) }
        }
    }

    public func members(ofGroups names: [String]) async throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for row in try await fetch("""
            SELECT g.name, ARRAY(SELECT m.username FROM notify_group_member m WHERE m.group_name = g.name
                                 ORDER BY m.username COLLATE "C") AS members
            FROM notify_group g WHERE g.name = ANY(\(names)::text[])
            """) {
            result[try row["name"].decode(String.self)] = try row["members"].decode([String].self)
        }
        return result
    }

    public func existingUsernames(_ usernames: [String]) async throws -> Set<String> {
        Set(try await fetch("SELECT username FROM notify_user WHERE username = ANY(\(usernames)::text[])")
            .map { try $0["username"].decode(String.self) })
    }

    public func allUsernames() async throws -> [String] {
        try await fetch("SELECT username FROM notify_user ORDER BY username COLLATE \"C\"")
            .map { try $0["username"].decode(String.self) }
    }

    static func user(from row: PostgresRandomAccessRow) throws -> NotifyUser {
        NotifyUser(username: try row["username"].decode(String.self), displayName: try row["display_name"].decode(String.self),
                   groups: try row["groups"].decode([String].self), devices: try row["devices"].decode(Int.self))
    }
}
