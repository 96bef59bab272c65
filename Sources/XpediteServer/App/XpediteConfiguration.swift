import Foundation
import Logging
import Metrics
import Prometheus

/// Everything an Xpedite app can configure, with defaults that suit development; pass it to
/// ``XpediteApp/init(configuration:)``.
///
/// ```swift
/// var configuration = XpediteConfiguration()
/// configuration.version = .number(3)
/// configuration.sessionStore = try SQLiteSessionStore(directory: dataDirectory)  // import XpediteServerSQLite
/// configuration.exportPrometheus(PrometheusCollectorRegistry())
/// var app = XpediteApp(configuration: configuration)
/// ```
public struct XpediteConfiguration: Sendable {
    // MARK: Endpoint

    /// The path the endpoint answers `POST` on.
    public var path: String = "/xpedite"
    /// The largest request body accepted, in bytes (1 MiB); larger bodies get an `rc` message.
    public var maximumBodySize: Int = 1 << 20

    // MARK: Screen-wide entries (docs/protocol/packets.md#top-level-entries)

    /// `version`: the app's version, sent in every screen. Changing it (a new release) makes every
    /// phone purge its caches; the SDK then resends images and full navigation definitions.
    public var version: AppVersion = .number(1)
    /// `setDefaults`: default styles, sent in every `setConnection` answer (merged under the
    /// connect handler's own `setDefaults`).
    public var setDefaults: Defaults?
    /// The dark counterpart of ``setDefaults``: when the phone said in `setConnection` that it
    /// draws dark (``Device/appearance``), these are merged over ``setDefaults`` (set keys win,
    /// so a dark text colour and background are enough). Choose colours that reach 4.5:1 on each
    /// other (docs/accessibility.md#what-the-server-developer-gives); `nil` sends ``setDefaults``
    /// to dark phones too.
    ///
    /// ```swift
    /// configuration.setDefaults = Defaults(fontsize: .set(16), color: .set(.rgb(0x1F2937)), background: .set(.rgb(0xF7F8FA)))
    /// configuration.darkSetDefaults = Defaults(color: .set(.rgb(0xE5E7EB)), background: .set(.rgb(0x111827)))
    /// ```
    public var darkSetDefaults: Defaults?
    /// The app's image manifest, sent with the first screen of a session and after a version
    /// change; a screen's own `images` entries win by id.
    public var images: [ImageEntry] = []
    /// Title and background for screens that set neither.
    public var screen = ScreenEntries()
    /// Whether screens carry `time`, the Unix time they were made.
    public var sendsTime: Bool = false

    // MARK: Sessions (docs/protocol/packets.md)

    /// Where sessions live. The default keeps them in memory; use `SQLiteSessionStore`
    /// (XpediteServerSQLite) to keep them across restarts, `PostgresSessionStore` (XpediteServerPostgres) to
    /// share them between servers.
    public var sessionStore: any SessionStore = InMemorySessionStore()
    /// Sessions idle for longer than this are expired (8 hours).
    public var sessionIdleTimeout: Duration = .seconds(8 * 3600)
    /// A session's last-activity time is written at most this often (a request within the
    /// interval after the last write does not write), which saves a database write per request.
    /// Expiry is therefore accurate to this interval.
    public var sessionTouchInterval: Duration = .seconds(60)
    /// How often ``SessionPurgeService`` deletes expired sessions.
    public var sessionPurgeInterval: Duration = .seconds(600)

    // MARK: Tables (docs/protocol/tables.md)

    /// The `limit` of a data request that sends none.
    public var defaultPageLimit: Int = 40
    /// The largest `limit` a handler is asked for, whatever the phone sends.
    public var maximumPageLimit: Int = 200

    // MARK: Checks and messages

    /// Whether every outgoing screen and table page goes through the strict `PacketValidator`.
    /// A packet with errors is not sent: the phone gets the generic message and the issues are
    /// logged. Keep it on in production: the SDK validates the packet it built as it is
    /// (`PacketValidator/validate(built:as:)`, one walk of the tree, no dialect rewriting), a
    /// small part of a request's time, and it keeps a broken screen off every phone.
    public var validatesResponses: Bool = true
    /// The `rc` message for failures the phone must not see the details of; the request id is
    /// appended (`… (reference 4f2a…)`) so support can find the log lines.
    public var genericErrorMessage: String = "Something went wrong on the server. Please try again."
    /// The `rc` message of a table data request whose session expired; the next screen request
    /// renews the session and shows the entry screen.
    public var sessionExpiredMessage: String = "Your session has expired."
    /// The `rc` message of a table data request that a guard answered with a screen (a data
    /// response cannot show one, docs/protocol/tables.md#the-data-answer); the phone's next screen
    /// request meets the guard again and shows its screen.
    public var refusedDataMessage: String = "Please sign in again."

    // MARK: Operations

    /// The logger for requests, failures and purges; every line carries `xpedite.request`.
    public var logger: Logger = Logger(label: "xpedite")
    /// Where request counts and latencies go (no-op by default). Never the global `MetricsSystem`.
    public var metricsFactory: any MetricsFactory = NOOPMetricsHandler.instance
    /// When set, `GET` ``metricsPath`` serves this registry in the Prometheus text format.
    public var prometheusRegistry: PrometheusCollectorRegistry?
    /// The path of the Prometheus endpoint.
    public var metricsPath: String = "/metrics"
    /// The clock for session times; tests move it forward to expire sessions.
    public var clock: @Sendable () -> Date = { Date() }

    /// A configuration with the defaults above.
    public init() {}

    /// The `setDefaults` a phone of `appearance` gets in its `setConnection` answer: ``setDefaults``,
    /// with ``darkSetDefaults`` merged over it when the phone draws dark; `nil` when neither is set.
    public func setDefaults(for appearance: Appearance?) -> Defaults? {
        guard appearance == .dark, let dark = darkSetDefaults else { return setDefaults }
        return setDefaults.map { $0.merging(dark) } ?? dark
    }

    /// Records metrics in `registry` (a new one by default) through a `PrometheusMetricsFactory`
    /// with latency buckets from 100 µs to 10 s, and serves it at `path`.
    public mutating func exportPrometheus(_ registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry(),
                                          path: String = "/metrics") {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets[XpediteMetrics.durationLabel] = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2),
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(5), .seconds(10),
        ]
        metricsFactory = factory
        prometheusRegistry = registry
        metricsPath = path
    }
}
