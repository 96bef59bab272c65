/// What an approval answer did (``DemoStore/apply(_:cursor:topic:at:)``).
enum CreditApplyOutcome: Sendable, Hashable {
    /// The change was approved and its limit applied.
    case approved(CreditChange)
    /// The change was rejected.
    case rejected(CreditChange)
    /// Nothing to do: not an approval answer, its change is no longer pending (answered already,
    /// superseded, or reset away), or the answer was applied already (by this server or another).
    case ignored
}
