import XpediteProtocol

/// A payload as the answers to it are checked: read from its stored text, with its rules
/// (docs/notify.md#rules) compiled. Made once per payload and kept by ``AnsweredPayloadCache``.
struct AnsweredPayload: Sendable {
    /// The payload read back from the store.
    let payload: Payload
    /// The rules of its fields, compiled.
    let rules: PayloadRules

    /// Reads a payload from the canonical JSON text it is stored as (`Payload(stored:)`, not
    /// validated again) and compiles its rules.
    ///
    /// - Throws: ``StoreError/corrupt(_:)`` when the text is not a stored payload.
    init(storedText text: String) throws(StoreError) {
        do {
            payload = try Payload(stored: JSONValue(parsing: text))
        } catch {
            throw StoreError.corrupt("a stored payload cannot be read: \(error)")
        }
        rules = PayloadRules(fields: payload.fields ?? [])
    }
}
