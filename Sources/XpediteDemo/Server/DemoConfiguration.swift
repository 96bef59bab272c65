import Foundation
import XpeditePostgresSupport
import Logging
import XpediteNotify
import XpediteServer

/// What `xpedite demo` is told: where the data lives, the port, how many customers to seed,
/// whether to reseed, the app version, the notification API's key and the credit approval rule.
public struct DemoConfiguration: Sendable {
    /// The data directory: `demo.sqlite` (customers, credit changes), `sessions.sqlite`,
    /// `notify/` (the notification API: users, devices, messages, responses) and `api-key`; with
    /// ``postgres`` only `api-key` and the simulator's folder.
    public var dataDirectory: URL
    /// The TCP port on 127.0.0.1 (the demo never binds another address). The image manifest's
    /// URLs name it, so give a real port (`0` would pick a free one the URLs do not know).
    public var port: Int = 8080
    /// How many customers a first run (or `reset`) seeds.
    public var customerCount: Int = 50_000
    /// Deletes every customer, credit change and notification datum (users, devices, messages,
    /// responses), seeds again and creates the demo account; the API key is kept.
    public var reset: Bool = false
    /// The notification API's key (`XPEDITE_API_KEY` or `--api-key`); `nil` uses the one kept in
    /// the data directory, generated on the first run (``DemoAPIKey``).
    public var apiKey: String?
    /// Raising a credit limit above this (euros) needs approval: the change waits until the
    /// ``approver`` answers the payload sent to them.
    public var creditApprovalThreshold: Int = 50_000
    /// Who approves credit limit changes: a user of the directory, the demo account by default.
    public var approver: String = DemoAccount.username

    /// ``creditApprovalThreshold`` as the screens print it: `€50,000`.
    public var creditApprovalThresholdText: String { "€" + Numbers.grouped(creditApprovalThreshold) }
    /// The app's `version` (docs/protocol/versions.md#the-servers-version); changing it makes
    /// phones purge their caches.
    public var appVersion: AppVersion = .number(1)
    /// bcrypt's cost for the users' passwords (4…31), in XpediteNotify's user directory.
    public var passwordCost: UInt8 = 10
    /// The logger of the server, the SDK and every request (one `info` line per request).
    public var logger: Logger = Logger(label: "xpedite.demo")
    /// The clock of sessions and dates; tests move it.
    public var clock: @Sendable () -> Date = { Date() }
    /// The push provider of each device platform (`ios` → APNs, `android` → FCM, …); a platform
    /// without one has its pushes logged (docs/push.md).
    public var pushProviders: [String: any PushProvider] = [:]
    /// Web Push for browsers (the notification app: XpeditePush's `WebPushConfiguration`); `nil`
    /// leaves it off.
    public var webPush: (any WebPushSetup)?
    /// The map tiles of the notification app (`/notify/app/`): a URL template with `{z}`, `{x}`, `{y}`.
    public var mapTileURL: String = NotifyConfiguration.defaultMapTileURL

    /// The PostgreSQL database of the customers and credit changes, the notification stores and
    /// the sessions, shared by every demo server on it (docs/deploying.md); `nil` keeps them in
    /// SQLite files in the data directory.
    public var postgres: PostgresStoreDatabase?

    /// The default data directory, relative to the current directory.
    public static let defaultDataDirectory = ".xpedite-demo"

    /// A configuration with the defaults above.
    public init(dataDirectory: URL) {
        self.dataDirectory = dataDirectory
    }

    /// Where phones reach the server, for the image manifest's URLs.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// `--app-version`: a number when the text is one (`2`, `2.5`), text otherwise (`"P1.213"`).
    public static func appVersion(parsing text: String) -> AppVersion {
        if let number = Double(text), number.isFinite { return .number(number) }
        return .string(text)
    }
}
