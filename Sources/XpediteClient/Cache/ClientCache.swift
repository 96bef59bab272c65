import Foundation
import GRDB

/// The phone's on-disk caches in one SQLite file (GRDB): pages by request key
/// (docs/protocol/caching.md#the-page-cache), navigation definitions by id
/// (docs/protocol/menus.md#a-menu-cached-by-id), images by URL and the image id→URL map
/// (docs/protocol/caching.md#images), and the last server version seen
/// (docs/protocol/versions.md#the-servers-version). Every access goes through GRDB's async API, so
/// the client's executor never blocks on the disk.
final class ClientCache: Sendable {
    private let database: DatabaseQueue

    /// The name of the database file inside the cache directory.
    static let fileName = "xpedite-client.sqlite"

    /// Opens (and creates) the cache in `directory`, or in memory when `nil`.
    init(directory: URL?) throws {
        if let directory {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            // Write-ahead logging without a sync per commit: a cache may lose its last writes
            // in a power cut, never its consistency, and a screen is never held up by fsync.
            var configuration = Configuration()
            // Another client on the same folder (an earlier one still closing, another process)
            // may hold the file for a moment: wait for it rather than fail.
            configuration.busyMode = .timeout(10)
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
            database = try DatabaseQueue(path: directory.appendingPathComponent(Self.fileName).path,
                                         configuration: configuration)
        } else {
            database = try DatabaseQueue()
        }
    }

    /// Creates the tables when missing.
    func prepare() async throws {
        try await database.write { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS page (
                    key TEXT PRIMARY KEY NOT NULL, pageID TEXT NOT NULL, body BLOB NOT NULL,
                    receivedAt DOUBLE NOT NULL, expiresAt DOUBLE, time INTEGER, version TEXT);
                CREATE INDEX IF NOT EXISTS page_by_id ON page (pageID);
                CREATE TABLE IF NOT EXISTS navigation (id TEXT PRIMARY KEY NOT NULL, body BLOB NOT NULL);
                CREATE TABLE IF NOT EXISTS image (
                    url TEXT PRIMARY KEY NOT NULL, body BLOB NOT NULL, width DOUBLE, height DOUBLE);
                CREATE TABLE IF NOT EXISTS imageID (id TEXT PRIMARY KEY NOT NULL, url TEXT NOT NULL);
                """)
        }
    }

    // MARK: Version

    /// The last server version seen, canonical text.
    func version() async throws -> String? {
        try await database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'version'")
        }
    }

    /// Purges every cache in the order of docs/protocol/caching.md#version-change-one-purge (pages,
    /// navigation, images, the id→URL map) and records `version`, in one transaction.
    func purge(storing version: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM page")
            try db.execute(sql: "DELETE FROM navigation")
            try db.execute(sql: "DELETE FROM image")
            try db.execute(sql: "DELETE FROM imageID")
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('version', ?)", arguments: [version])
        }
    }

    /// Records the first version seen, without purging.
    func store(version: String) async throws {
        try await database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('version', ?)", arguments: [version])
        }
    }

    // MARK: Pages

    /// Stores a page under its request key; every other entry with the same page id goes
    /// (docs/protocol/caching.md#the-page-cache).
    func store(page body: Data, key: PageKey, pageID: String, receivedAt: Date, expiresAt: Date?, time: Int?,
               version: String?) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM page WHERE pageID = ?", arguments: [pageID])
            try db.execute(sql: """
                INSERT OR REPLACE INTO page (key, pageID, body, receivedAt, expiresAt, time, version)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [key.text, pageID, body, receivedAt.timeIntervalSince1970,
                                 expiresAt?.timeIntervalSince1970, time, version])
        }
    }

    /// The page cached for `key` that has not expired at `now`.
    func page(for key: PageKey, at now: Date) async throws -> CachedPage? {
        try await database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT body, receivedAt, expiresAt FROM page WHERE key = ?",
                                             arguments: [key.text]) else { return nil }
            let expires: Double? = row["expiresAt"]
            let page = CachedPage(body: row["body"], receivedAt: Date(timeIntervalSince1970: row["receivedAt"]),
                                  expiresAt: expires.map(Date.init(timeIntervalSince1970:)))
            if let expiresAt = page.expiresAt, expiresAt <= now { return nil }
            return page
        }
    }

    // MARK: Navigation

    /// Stores a full navigation definition (canonical JSON) under its id.
    func store(navigation body: Data, id: String) async throws {
        try await database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO navigation (id, body) VALUES (?, ?)", arguments: [id, body])
        }
    }

    /// The definition stored under `id`.
    func navigation(id: String) async throws -> Data? {
        try await database.read { db in
            try Data.fetchOne(db, sql: "SELECT body FROM navigation WHERE id = ?", arguments: [id])
        }
    }

    // MARK: Images

    /// The image cached for `url`.
    func image(url: String) async throws -> CachedImage? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT body, width, height FROM image WHERE url = ?", arguments: [url]).map {
                CachedImage(body: $0["body"], width: $0["width"], height: $0["height"])
            }
        }
    }

    /// Stores a downloaded image.
    func store(image: CachedImage, url: String) async throws {
        try await database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO image (url, body, width, height) VALUES (?, ?, ?, ?)",
                           arguments: [url, image.body, image.width, image.height])
        }
    }

    /// The persisted image id→URL map.
    func imageIDs() async throws -> [String: String] {
        try await database.read { db in
            var map: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, url FROM imageID") { map[row["id"]] = row["url"] }
            return map
        }
    }

    /// Records id→URL mappings; `evicting` lists URLs nothing refers to any more
    /// (docs/protocol/caching.md#images).
    func store(imageIDs: [String: String], evicting urls: [String]) async throws {
        try await database.write { db in
            for (id, url) in imageIDs {
                try db.execute(sql: "INSERT OR REPLACE INTO imageID (id, url) VALUES (?, ?)", arguments: [id, url])
            }
            for url in urls { try db.execute(sql: "DELETE FROM image WHERE url = ?", arguments: [url]) }
        }
    }
}
