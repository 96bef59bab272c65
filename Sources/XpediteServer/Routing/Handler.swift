/// A registered handler: what it answers and any screen entries its route fills in.
enum Handler: Sendable {
    /// Draws a screen.
    case screen(@Sendable (XpediteCall) async throws -> ResponsePacket, ScreenEntries?)
    /// Answers a table's data request.
    case table(@Sendable (XpediteCall) async throws -> TablePage)
}
