import Foundation
import Logging
import ServiceLifecycle

/// Withdraws expired messages (`expiresAt` passed) every ``NotifyConfiguration/expirySweepInterval``,
/// through ``Notifier/withdrawExpiredMessages(limit:)``: a ServiceLifecycle `Service` among the
/// notifier's ``Notifier/services``. A graceful shutdown ends it.
struct ExpirySweep: Service {
    let notifier: Notifier
    let interval: Duration

    /// How many messages one call withdraws; a full batch is followed by another at once.
    private static var batch: Int { 500 }

    func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            await sweep()
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
        }
    }

    /// Withdraws every expired message, batch after batch; a store failure is logged and tried
    /// again on the next sweep.
    private func sweep() async {
        do {
            while try await notifier.withdrawExpiredMessages(limit: Self.batch).count == Self.batch, !Task.isCancelled {}
        } catch {
            if !Task.isCancelled {
                notifier.configuration.logger.error("expired messages not withdrawn", metadata: ["error": "\(error)"])
            }
        }
    }
}
