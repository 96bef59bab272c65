import Foundation

/// Turns packets into the typed wire model, through the lenient tree, the dialect normaliser and
/// the validator (docs/protocol/versions.md#php-and-other-loose-encoders,
/// docs/protocol/versions.md#how-a-phone-normalises-an-answer).
///
/// - ``Mode/strict`` (server SDK, CLI): any error refuses the packet with every issue.
/// - ``Mode/lenient`` (client): a broken component is dropped and the rest of the screen kept;
///   repairable problems (a bad colour, a malformed optional key) are ignored. Only a packet
///   without a usable `rc` (or `method`) is refused.
public struct PacketDecoder: Sendable {
    /// How errors are treated.
    public enum Mode: Sendable, Hashable {
        /// Any error refuses the packet: what a server and the command line use.
        case strict
        /// Broken components are dropped and repairable problems ignored, as a phone reads.
        case lenient
    }

    /// How errors are treated: strict refuses, lenient drops broken components.
    public var mode: Mode
    /// What validation requires beyond the packet itself.
    public var options: ValidationOptions

    /// Creates a decoder.
    public init(mode: Mode = .strict, options: ValidationOptions = ValidationOptions()) {
        self.mode = mode
        self.options = options
    }

    /// Decodes a response packet (a screen).
    public func decodeResponse(_ data: Data) throws(PacketError) -> Decoded<ResponsePacket> {
        try decodeResponse(JSONValue(parsing: data))
    }

    /// Decodes a response packet from a parsed tree.
    public func decodeResponse(_ value: JSONValue) throws(PacketError) -> Decoded<ResponsePacket> {
        try decode(value, as: .response, build: ResponsePacket.init(reading:))
    }

    /// Decodes a request packet.
    public func decodeRequest(_ data: Data) throws(PacketError) -> Decoded<RequestPacket> {
        try decodeRequest(JSONValue(parsing: data))
    }

    /// Decodes a request packet from a parsed tree.
    public func decodeRequest(_ value: JSONValue) throws(PacketError) -> Decoded<RequestPacket> {
        try decode(value, as: .request, build: RequestPacket.init(reading:))
    }

    /// Decodes a data response (table rows, menu records, web HTML).
    public func decodeDataResponse(_ data: Data) throws(PacketError) -> Decoded<DataResponse> {
        try decodeDataResponse(JSONValue(parsing: data))
    }

    /// Decodes a data response from a parsed tree.
    public func decodeDataResponse(_ value: JSONValue) throws(PacketError) -> Decoded<DataResponse> {
        try decode(value, as: .data, build: DataResponse.init(reading:))
    }

    /// Rebuilds a screen from canonical JSON that this library wrote itself after decoding and
    /// validating it (``ResponsePacket/json`` through ``CanonicalJSON``): a client's page cache.
    ///
    /// Such JSON is already in the new dialect and already checked, so neither the dialect
    /// normaliser nor the validator runs again: the tree goes straight into the typed model, which
    /// makes serving a cached page cheaper than reading a fresh answer. The typed model tolerates
    /// anything (a value of the wrong kind is read as absent), so a damaged entry cannot crash the
    /// reader; but nothing is reported about it either. Use ``decodeResponse(_:)-(Data)`` for
    /// anything that did not come out of ``ResponsePacket/json``.
    ///
    /// - Throws: ``PacketError/notJSON(_:)`` for bytes that are not JSON, and
    ///   ``PacketError/invalid(_:)`` when the JSON is not an object with an `rc`.
    public func decodeCanonicalResponse(_ data: Data) throws(PacketError) -> ResponsePacket {
        try decodeCanonicalResponse(JSONValue(parsing: data))
    }

    /// Rebuilds a screen from a canonical tree; see ``decodeCanonicalResponse(_:)-(Data)``.
    public func decodeCanonicalResponse(_ value: JSONValue) throws(PacketError) -> ResponsePacket {
        guard case .object(let members) = value,
              let packet = ResponsePacket(reading: ObjectReader(members, at: .root, context: BuildContext()))
        else {
            throw PacketError.invalid([ValidationIssue(path: .root, code: .missingKey, severity: .error,
                                                       message: "a canonical screen is an object with \"rc\"")])
        }
        return packet
    }

    private func decode<Packet>(_ value: JSONValue, as kind: PacketKind,
                                build: (ObjectReader) -> Packet?) throws(PacketError) -> Decoded<Packet> {
        let report = PacketValidator(options: options).validate(value, as: kind)
        var context = BuildContext()
        switch mode {
        case .strict:
            if report.issues.hasErrors { throw PacketError.invalid(report.issues) }
        case .lenient:
            context.dropped = report.brokenComponents
        }
        guard case .object(let members) = report.normalized,
              let packet = build(ObjectReader(members, at: .root, context: context))
        else {
            throw PacketError.invalid(report.issues)
        }
        return Decoded(packet: packet, issues: report.issues, droppedComponents: context.dropped.sorted())
    }
}

/// A decoded packet with what validation said about it.
public struct Decoded<Packet: Sendable & Hashable>: Sendable, Hashable {
    /// The typed packet.
    public var packet: Packet
    /// Every issue found: warnings, and in lenient mode the errors that were repaired or dropped.
    public var issues: [ValidationIssue]
    /// The components left out by a lenient read, by path in the original packet.
    public var droppedComponents: [JSONPath]
}
