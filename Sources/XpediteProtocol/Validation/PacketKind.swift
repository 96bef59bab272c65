/// What a packet is: which side sent it and what it answers.
public enum PacketKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Phone → server: `setConnection` or a method call.
    case request
    /// Server → phone: a screen.
    case response
    /// Server → phone: a data response (table rows, dynamic menu records, dynamic web HTML).
    case data

    /// Recognises a packet by its keys: `method` makes a request; `data` without `components`
    /// a data response; anything else a response.
    public static func recognise(_ value: JSONValue) -> PacketKind {
        guard case .object(let members) = value else { return .response }
        if members["method"] != nil { return .request }
        if members["data"] != nil, members["components"] == nil { return .data }
        return .response
    }

    /// The definition packets of this kind are checked against.
    var shape: ObjectShape {
        switch self {
        case .request: RequestPacket.shape
        case .response: ResponsePacket.shape
        case .data: DataResponse.shape
        }
    }
}

/// Choices that change what validation requires.
public struct ValidationOptions: Sendable, Hashable {
    /// The packet answers `setConnection`, so it must carry `version` and `token`
    /// (docs/protocol/packets.md#2-the-answer-to-setconnection).
    public var isConnectionReply: Bool

    /// Creates options.
    public init(isConnectionReply: Bool = false) {
        self.isConnectionReply = isConnectionReply
    }
}
