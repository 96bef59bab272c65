import Foundation

/// A packet of the wire model: it has a canonical JSON form and can be read strictly from a tree.
public protocol WirePacket: Sendable, Hashable, Codable {
    /// The canonical JSON tree (new dialect).
    var json: JSONValue { get }
    /// Reads a packet strictly: validation errors throw.
    init(strict value: JSONValue) throws(PacketError)
}

extension WirePacket {
    /// The canonical JSON bytes: sorted keys, unescaped slashes.
    public func canonicalData(pretty: Bool = false) -> Data {
        CanonicalJSON.data(json, pretty: pretty)
    }

    /// Decodes through the lenient tree, normalisation and strict validation, so `Codable` users
    /// get the same model and the same errors as ``PacketDecoder``.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        self = try Self(strict: value)
    }

    /// Encodes the canonical JSON.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

extension ResponsePacket: WirePacket {
    /// Reads a packet strictly from a tree: validation errors throw ``PacketError/invalid(_:)``.
    public init(strict value: JSONValue) throws(PacketError) {
        self = try PacketDecoder().decodeResponse(value).packet
    }
}

extension RequestPacket: WirePacket {
    /// Reads a packet strictly from a tree: validation errors throw ``PacketError/invalid(_:)``.
    public init(strict value: JSONValue) throws(PacketError) {
        self = try PacketDecoder().decodeRequest(value).packet
    }
}

extension DataResponse: WirePacket {
    /// Reads a packet strictly from a tree: validation errors throw ``PacketError/invalid(_:)``.
    public init(strict value: JSONValue) throws(PacketError) {
        self = try PacketDecoder().decodeDataResponse(value).packet
    }
}
