import XpediteProtocol

extension Screen {
    /// Runs `PacketValidator` on the screen's JSON: the rules of docs/protocol/validation.md that
    /// types cannot express (duplicate ids, a field name equal to a form id, option values, dates,
    /// …), with warnings.
    ///
    /// - Parameter options: `ValidationOptions(isConnectionReply: true)` for the answer to
    ///   `setConnection`, which must carry `version` and `token`.
    public func validate(options: ValidationOptions = ValidationOptions()) -> ValidationReport {
        packet.validate(options: options)
    }

    /// The packet, after checking it with `PacketValidator`; the server calls
    /// this on every outgoing screen.
    ///
    /// - Parameter options: `ValidationOptions(isConnectionReply: true)` for the answer to
    ///   `setConnection`, which must carry `version` and `token`.
    /// - Throws: ``ScreenValidationError`` with every issue when there is at least one error;
    ///   warnings alone do not throw (read them with ``validate(options:)``).
    public func validated(options: ValidationOptions = ValidationOptions()) throws(ScreenValidationError)
        -> ResponsePacket
    {
        try packet.validated(options: options)
    }
}

extension ResponsePacket {
    /// Runs `PacketValidator` on the packet's JSON, as a response.
    public func validate(options: ValidationOptions = ValidationOptions()) -> ValidationReport {
        PacketValidator(options: options).validate(json, as: .response)
    }

    /// The packet itself, after checking it with `PacketValidator`.
    ///
    /// - Throws: ``ScreenValidationError`` with every issue when there is at least one error.
    public func validated(options: ValidationOptions = ValidationOptions()) throws(ScreenValidationError)
        -> ResponsePacket
    {
        let report = validate(options: options)
        guard report.isValid else { throw ScreenValidationError(issues: report.issues) }
        return self
    }
}
