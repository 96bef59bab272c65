import Foundation
import Logging

/// Web Push as the notifier needs it (docs/push.md#web-push): where the VAPID key comes from, the
/// push services a browser's subscription may name, and the provider that sends once the key is
/// known. The notifier resolves the key (``key``, else ``keyFile``, else the one it keeps in its
/// data directory), serves its public half at `GET /device/webpush-key`, checks subscriptions
/// against ``allowlist``, and asks ``makeProvider(key:logger:now:)`` for platform `web`'s provider
/// unless ``NotifyConfiguration/pushProviders`` already has one.
///
/// XpeditePush's `WebPushConfiguration` is the one servers use (it sends through an HTTP client,
/// decision 0530); XpediteNotify itself never talks to a push service.
///
/// ```swift
/// configuration.webPush = WebPushConfiguration(httpClient: client)   // import XpeditePush
/// ```
public protocol WebPushSetup: Sendable {
    /// The VAPID key pair itself, when the caller has it (several servers on one database share
    /// the one kept there); it wins over ``keyFile`` and the data directory.
    var key: VAPIDKey? { get set }
    /// A PEM file with the VAPID private key; `nil` keeps a generated one in the data directory.
    var keyFile: String? { get }
    /// The push services subscriptions may point at.
    var allowlist: WebPushAllowlist { get }
    /// The provider of platform `web`, signing with `key`, logging to `logger`, on the clock `now`.
    func makeProvider(key: VAPIDKey, logger: Logger, now: @escaping @Sendable () -> Date) -> any PushProvider
}
