import XpediteProtocol

/// Start requests (the source document's ArsRCSRequest): the forms of the app's Start tab.
extension Notifier {
    /// Saves a start request (the source document's ArsRCSRequest), validated like a payload.
    ///
    /// - Throws: ``NotifyError`` 422 with the issues.
    public func saveRequest(_ request: StartRequest) async throws {
        let payload = try validatedPayload(request.payload.json, at: .root)
        if payload.isNamed {
            throw NotifyError.invalid(at: JSONPath.root.appending("payloadName"), .invalidValue, "a start request carries its fields")
        }
        var stored = request
        stored.payload = payload
        try await store.putStartRequest(stored)
    }

    /// A start request, or `nil`.
    public func request(named name: String) async throws -> StartRequest? {
        try await store.startRequest(name)
    }

    /// Every start request, by name.
    public func requests() async throws -> [StartRequest] {
        try await store.startRequests()
    }

    /// Removes a start request; `false` when there was none.
    @discardableResult
    public func deleteRequest(named name: String) async throws -> Bool {
        try await store.deleteStartRequest(name)
    }
}
