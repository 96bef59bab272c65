extension TablePage: XpediteResponseGenerator {
    /// Table rows: a data response.
    public static var packetKind: PacketKind { .data }

    /// The data response of this batch; the SDK adds the token.
    public func xpediteResponse() -> XpediteResponse {
        .data(response(token: nil))
    }
}
