import XpediteProtocol

/// Named payloads (the source document's ArsRCSPayload): saved validated, resolved at send time.
extension Notifier {
    /// Saves a named payload (the source document's ArsRCSPayload), validated first.
    ///
    /// - Throws: ``NotifyError`` 422 with the payload's issues.
    public func savePayload(_ payload: Payload, named name: String) async throws {
        try await savePayload(json: payload.json, at: .root, named: name)
    }

    func savePayload(json: JSONValue, at path: JSONPath, named name: String) async throws {
        let payload = try validatedPayload(json, at: path)
        if payload.isNamed {
            throw NotifyError.invalid(at: path.appending("payloadName"), .invalidValue,
                                      "a named payload carries its own fields, not another payload's name")
        }
        try await store.putNamedPayload(payload, name: name)
    }

    /// A named payload, or `nil`.
    public func payload(named name: String) async throws -> Payload? {
        try await store.namedPayload(name)
    }

    /// Loads a named payload, changes it and saves it again (validated).
    ///
    /// - Throws: ``NotifyError`` 404 when there is none, 422 when the change breaks it.
    public func modifyPayload(named name: String, _ change: (inout Payload) throws -> Void) async throws {
        guard var payload = try await store.namedPayload(name) else { throw NotifyError.notFound("no named payload \"\(name)\"") }
        try change(&payload)
        try await savePayload(payload, named: name)
    }

    /// Removes a named payload; `false` when there was none.
    @discardableResult
    public func deletePayload(named name: String) async throws -> Bool {
        try await store.deleteNamedPayload(name)
    }

    /// The names of every named payload, sorted.
    public func payloadNames() async throws -> [String] {
        try await store.namedPayloadNames()
    }
}
