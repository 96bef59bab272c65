/// What saving a customer did (``DemoStore/save(_:threshold:requestedBy:at:)``).
enum CreditSaveOutcome: Sendable, Hashable {
    /// Saved as edited.
    case saved(Customer)
    /// Saved with the limit it had; the new limit waits for approval as `change`.
    case held(Customer, CreditChange)
    /// There is no such customer.
    case missing
}
