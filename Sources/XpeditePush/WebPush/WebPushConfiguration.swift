import AsyncHTTPClient
import Foundation
import Logging
import XpediteNotify

/// Web Push for devices of platform `web` (docs/push.md#web-push): the VAPID subject and key, the
/// push services allowed, and the HTTP client. Set `NotifyConfiguration.webPush` to one to turn it
/// on; the key pair is then generated on the first run and kept in the data directory, and the
/// notifier makes its ``WebPushProvider`` with ``makeProvider(key:logger:now:)`` (decision 0530).
public struct WebPushConfiguration: WebPushSetup {
    /// The VAPID `sub` claim: how a push service reaches the sender (`mailto:` or `https:`).
    public var subject: String = "mailto:admin@localhost"
    /// A PEM file with the VAPID private key; `nil` keeps a generated one in the data directory.
    public var keyFile: String?
    /// The VAPID key pair itself, when the caller has it (several servers on one database share
    /// the one kept there: XpediteNotifyPostgres' `PostgresNotifyStore.sharedVAPIDKey(offering:)`); it
    /// wins over ``keyFile`` and the data directory.
    public var key: VAPIDKey?
    /// The push services subscriptions may point at.
    public var allowlist: WebPushAllowlist = .default
    /// The client pushes go through: one that follows no redirect (``PushSettings/makeHTTPClient(eventLoopGroup:)``
    /// makes such a client), owned and shut down by the caller.
    public var httpClient: HTTPClient
    /// How many pushes are sent at once.
    public var concurrency: Int = 200

    /// The defaults of docs/push.md#web-push, sending through `httpClient`.
    public init(httpClient: HTTPClient) {
        self.httpClient = httpClient
    }

    /// A ``WebPushProvider`` signing with `key` for ``subject``, posting through ``httpClient`` to
    /// the hosts of ``allowlist``, ``concurrency`` pushes at a time.
    public func makeProvider(key: VAPIDKey, logger: Logger, now: @escaping @Sendable () -> Date) -> any PushProvider {
        WebPushProvider(key: key, subject: subject, allowlist: allowlist, httpClient: httpClient, logger: logger,
                        concurrency: concurrency, now: now)
    }
}
