/// A registered handler: what kind of packet it answers, the guards in front of it, the screen
/// entries its route fills in, and the closure.
struct Handler: Sendable {
    /// `.response` for a screen handler, `.data` for a table handler (from the return type).
    let kind: PacketKind
    /// Entries for screens that leave them out.
    let entries: ScreenEntries?
    /// Run in order before the handler; the first that answers decides.
    let guards: [XpediteGuard]
    /// Runs the handler and asks its value for the response.
    let run: @Sendable (XpediteCall) async throws -> XpediteResponse

    /// Wraps a closure returning any ``XpediteResponseGenerator``.
    init<Answer: XpediteResponseGenerator>(entries: ScreenEntries?, guards: [XpediteGuard],
                                           _ handler: @escaping @Sendable (XpediteCall) async throws -> Answer) {
        kind = Answer.packetKind
        self.entries = entries
        self.guards = guards
        run = { call in try await handler(call).xpediteResponse() }
    }

    /// The same handler behind more guards (outer guards first).
    func guarded(by outer: [XpediteGuard]) -> Handler {
        Handler(kind: kind, entries: entries, guards: outer + guards, run: run)
    }

    private init(kind: PacketKind, entries: ScreenEntries?, guards: [XpediteGuard],
                 run: @escaping @Sendable (XpediteCall) async throws -> XpediteResponse) {
        self.kind = kind
        self.entries = entries
        self.guards = guards
        self.run = run
    }
}
