import Foundation
import PostgresNIO
import XpediteNotify
import XpeditePostgresSupport

extension PostgresNotifyStore {
    /// The name of the shared VAPID key's row in `notify_setting`.
    static let vapidKeySetting = "vapid_private_key"

    /// The Web Push (VAPID) key pair every server on the database signs with and hands browsers
    /// (`GET /device/webpush-key`), made once: the first server to ask stores `candidate` (a key
    /// its data directory already had, so that its browsers' subscriptions keep working, or a new
    /// one), and every server, that one included, gets the stored key. The insert is one
    /// `INSERT … ON CONFLICT DO NOTHING` on the setting's primary key, then a read, so servers
    /// starting at once agree on the key of whichever committed first.
    ///
    /// - Throws: `PushConfigurationError.invalidKey` when the stored key is not a P-256 key in PEM.
    public func sharedVAPIDKey(offering candidate: VAPIDKey = .generate()) async throws -> VAPIDKey {
        // Two statements, not one with a CTE: an insert that met a row committed meanwhile waits
        // for it, and only a later statement's snapshot sees that row.
        try await client.query("""
            INSERT INTO notify_setting (name, value) VALUES (\(Self.vapidKeySetting), \(candidate.pemRepresentation))
            ON CONFLICT (name) DO NOTHING
            """, logger: logger)
        let rows = try await fetch("SELECT value FROM notify_setting WHERE name = \(Self.vapidKeySetting)")
        guard let pem = try rows.first?["value"].decode(String.self) else {
            throw StoreError.corrupt("the shared VAPID key was neither stored nor found")
        }
        return try VAPIDKey(pem: pem, source: "the database (notify_setting \(Self.vapidKeySetting))")
    }
}
