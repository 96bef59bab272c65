import Foundation
import Logging
import ServiceLifecycle

/// Deletes expired sessions in the background, every ``interval``, until graceful shutdown.
///
/// Add it to the Hummingbird application's services (``XpediteApp/services`` does):
///
/// ```swift
/// let application = Application(router: router, services: app.services)
/// ```
///
/// Expired sessions are already refused on lookup; the purge only reclaims their storage. A
/// failed purge is logged and retried at the next tick.
public struct SessionPurgeService: Service {
    /// The store to purge.
    public let store: any SessionStore
    /// Sessions idle for longer than this are deleted.
    public let idleTimeout: Duration
    /// Time between purges.
    public let interval: Duration
    /// Where failures and counts are logged.
    public let logger: Logger
    private let clock: @Sendable () -> Date

    /// Creates the service.
    public init(store: any SessionStore, idleTimeout: Duration, interval: Duration, logger: Logger,
                clock: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.idleTimeout = idleTimeout
        self.interval = interval
        self.logger = logger
        self.clock = clock
    }

    /// Purges once, now, and returns how many sessions were deleted.
    @discardableResult
    public func purge() async throws -> Int {
        let removed = try await store.removeSessions(inactiveSince: clock().addingTimeInterval(-idleTimeout.timeInterval))
        if removed > 0 { logger.info("Purged expired sessions", metadata: ["xpedite.sessions.removed": "\(removed)"]) }
        return removed
    }

    public func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                while !Task.isCancelled {
                    try await Task.sleep(for: interval)
                    do {
                        try await purge()
                    } catch is CancellationError {
                        return
                    } catch {
                        logger.error("Session purge failed", metadata: ["error": "\(String(reflecting: error))"])
                    }
                }
            }
        } catch is CancellationError {
            // Graceful shutdown: nothing to clean up.
        }
    }
}

extension Duration {
    /// The duration in seconds, as Foundation counts time.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
