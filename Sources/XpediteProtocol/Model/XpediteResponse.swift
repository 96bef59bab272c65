/// What a server answers one request with, before the server SDK finishes it: a screen
/// (docs/protocol/packets.md#top-level-entries) or a data response (table rows,
/// docs/protocol/tables.md#the-data-answer).
///
/// Handlers do not build this directly; they return an ``XpediteResponseGenerator`` — a
/// ``ResponsePacket``, a ``DataResponse``, the server SDK's `TablePage` or the DSL's `Screen` —
/// and the SDK asks it for its response.
public enum XpediteResponse: Sendable, Hashable {
    /// A screen: the SDK adds `token`, `version`, screen entries, images and navigation.
    case screen(ResponsePacket)
    /// A data response: the SDK adds `token`.
    case data(DataResponse)

    /// The kind of packet this is: `.response` for a screen, `.data` for a data response.
    public var packetKind: PacketKind {
        switch self {
        case .screen: .response
        case .data: .data
        }
    }
}
