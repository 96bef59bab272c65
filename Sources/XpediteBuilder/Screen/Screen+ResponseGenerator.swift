import XpediteProtocol

extension Screen: XpediteResponseGenerator {
    /// A screen.
    public static var packetKind: PacketKind { .response }

    /// The packet built, as a screen: a handler returns the `Screen` itself, no `.packet` needed.
    public func xpediteResponse() -> XpediteResponse {
        .screen(packet)
    }
}
