import Foundation

extension Notifier {
    /// Publishes `events` on the event bus once the store has committed what they announce. A
    /// bus that fails (the database is unreachable) is logged, not thrown: what was stored stays
    /// stored, the delivery engines' backstop poll finds queued work, and a topic's next event
    /// publishes the responses missed.
    func announce(_ events: [NotifyEvent]) async {
        do {
            try await eventBus.publish(events)
        } catch {
            logger.error("publishing on the event bus failed", metadata: ["error": "\(error)"])
        }
    }

}
