import ServiceLifecycle

extension PostgresListener {
    /// Runs the listener and hands its events to `handle`, one at a time and in order, until the
    /// task is cancelled or the application shuts down gracefully: the loop of a service that
    /// passes on what the other servers announce (XpediteNotifyPostgres' `PostgresEventBus`).
    public func run(handling handle: (PostgresListenerEvent) async -> Void) async throws {
        let events = events()
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await self.run() }
            for await event in events.cancelOnGracefulShutdown() {
                await handle(event)
            }
            group.cancelAll()
        }
    }

    /// Returns once the listener listens (at once when it already does): what is announced from
    /// then on reaches ``run(handling:)``'s handler.
    public func listening() async {
        for await event in events() {
            if case .listening = event { return }
        }
    }
}
