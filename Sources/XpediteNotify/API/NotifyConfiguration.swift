import AsyncHTTPClient
import Foundation
import Logging

/// Everything a ``Notifier`` is configured with, passed in at init (no globals).
///
/// ```swift
/// var configuration = NotifyConfiguration(dataDirectory: URL(filePath: ".xpedite/notify"), apiKeys: [key])
/// configuration.pushProviders["ios"] = myAPNsProvider
/// let notifier = try await Notifier(configuration: configuration)
/// ```
public struct NotifyConfiguration: Sendable {
    /// The backend API keys (NOTIFY-API.md §1): `Authorization: Bearer <key>` on the §2 routes.
    public var apiKeys: [String]
    /// Where the SQLite database (`notify.sqlite`) and the uploaded documents live.
    public var dataDirectory: URL
    /// The largest JSON body a route reads (bytes); a larger one is refused with 413.
    public var maximumBodySize: Int = 1 << 20
    /// The largest document a device may upload (bytes, default 10 MiB); larger ones get 413.
    public var maximumDocumentSize: Int = 10 << 20
    /// The bcrypt cost of password hashes (4…31). Tests lower it; each step doubles the time.
    public var bcryptCost: UInt8 = 10
    /// The clock of timestamps (`sentAt`, `receivedAt`, webhook retries).
    public var now: @Sendable () -> Date = { Date() }
    /// Where the notifier logs.
    public var logger: Logger = Logger(label: "xpedite.notify")
    /// The push provider of each device platform (`ios`, `android`, `web`).
    public var pushProviders: [String: any PushProvider] = [:]
    /// The provider of a platform with none in ``pushProviders``.
    public var defaultPushProvider: any PushProvider
    /// How webhooks are retried.
    public var webhookRetry: WebhookRetryPolicy = WebhookRetryPolicy()
    /// How often an open Server-Sent Events stream sends a keep-alive comment.
    public var eventStreamHeartbeat: Duration = .seconds(15)
    /// The HTTP client of webhook deliveries; `nil` uses `HTTPClient.shared`.
    public var httpClient: HTTPClient?

    /// A configuration with defaults: pushes are logged (``LoggingPushProvider``).
    public init(dataDirectory: URL, apiKeys: [String]) {
        self.dataDirectory = dataDirectory
        self.apiKeys = apiKeys
        self.defaultPushProvider = LoggingPushProvider(logger: Logger(label: "xpedite.notify.push"))
    }

    /// The provider that delivers to a device of `platform`.
    func pushProvider(for platform: String) -> any PushProvider {
        pushProviders[platform] ?? defaultPushProvider
    }
}

/// How webhook deliveries are retried: exponential backoff with jitter, until a 2xx.
public struct WebhookRetryPolicy: Sendable {
    /// The delay before the first retry.
    public var initialDelay: Duration = .seconds(1)
    /// The longest delay between two attempts.
    public var maximumDelay: Duration = .seconds(300)
    /// How long one attempt may take.
    public var timeout: Duration = .seconds(10)
    /// How often the dispatcher looks for due deliveries when nothing woke it.
    public var pollInterval: Duration = .milliseconds(500)
    /// How many deliveries are attempted at once.
    public var concurrency: Int = 16

    /// The default policy.
    public init() {}

    /// The delay before attempt `attempt + 1` after `attempt` failures (1, 2, …): the exponential
    /// delay, capped, times a random factor in 0.5…1 ("equal jitter").
    public func delay(afterFailures attempt: Int, random: Double) -> Duration {
        let base = Double(initialDelay.components.seconds) + Double(initialDelay.components.attoseconds) / 1e18
        let cap = Double(maximumDelay.components.seconds) + Double(maximumDelay.components.attoseconds) / 1e18
        let exponential = min(cap, base * pow(2, Double(max(0, min(attempt - 1, 40)))))
        let factor = 0.5 + 0.5 * min(max(random, 0), 1)
        return .milliseconds(Int64(exponential * factor * 1000))
    }
}
