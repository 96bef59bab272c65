import Foundation

/// A change of a customer's credit limit that needed approval: one row of `credit_change`.
///
/// Raising a limit above the threshold (``DemoConfiguration/creditApprovalThreshold``) does not
/// apply it: the change is stored `pending`, an approval payload goes to the approver, and their
/// answer approves (the limit is applied) or rejects it. A later save of the limit supersedes a
/// pending change, whose answer is then ignored.
struct CreditChange: Sendable, Hashable {
    /// Where a change stands.
    enum State: String, Sendable, Hashable {
        /// Waiting for the approver's answer.
        case pending
        /// Approved: the new limit was applied.
        case approved
        /// Rejected: the limit stayed.
        case rejected
        /// Replaced by a later save of the limit before an answer came.
        case superseded
    }

    /// The row id; the payload's `state.changeId`.
    var id: Int64
    /// The customer.
    var customerId: Int
    /// The limit when the change was asked for.
    var oldLimit: Int
    /// The limit asked for.
    var newLimit: Int
    /// Who asked (the signed-in username).
    var requestedBy: String
    /// The notification message that asks for approval, once sent.
    var messageId: String?
    /// Where it stands.
    var state: State
    /// Who answered.
    var decidedBy: String?
    /// The reason the approver chose, if any.
    var reason: String?

    /// Whether changing a limit from `old` to `new` needs approval: raising it above `threshold`.
    /// Lowering a limit, or any limit up to the threshold, is applied at once.
    static func needsApproval(from old: Int, to new: Int, threshold: Int) -> Bool {
        new > threshold && new > old
    }

    /// The change as `decision` leaves it: approved or rejected by its answerer, with their
    /// reason, for the message answered. `nil` when the decision does not apply: the change is no
    /// longer pending (decided, or superseded by a later save), or it was asked for in another
    /// message. Both stores apply answers by this rule.
    func decided(by decision: ApprovalDecision) -> CreditChange? {
        guard state == .pending, messageId == nil || messageId == decision.messageId else { return nil }
        var change = self
        change.state = decision.approved ? .approved : .rejected
        change.decidedBy = decision.username
        change.reason = decision.reason
        change.messageId = decision.messageId
        return change
    }
}
