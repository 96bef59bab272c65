import Foundation
import XpediteServer

/// What an answer to an approval payload says: read from the response object the notifier
/// published (docs/notify.md#the-response-object).
struct ApprovalDecision: Sendable, Hashable {
    /// The `submitValue` of the Approve footer button.
    static let approveValue = 1
    /// The `submitValue` of the Reject footer button.
    static let rejectValue = 2

    /// The change the payload's `state.changeId` names.
    var changeId: Int64
    /// The message answered.
    var messageId: String
    /// Approve (`true`) or Reject.
    var approved: Bool
    /// Who answered (from their device, never from the body).
    var username: String
    /// The reason chosen in the droplist, if any.
    var reason: String?

    /// The decision of a response object as published (docs/notify.md#the-response-object), or
    /// `nil` when it is not an answer to an approval message (a start request's answer, a payload
    /// without `changeId`, another button).
    init?(_ response: JSONValue) {
        guard let messageId = response["messageId"]?.stringValue,
              let username = response["username"]?.stringValue,
              let changeId = response["state"]?["changeId"]?.intValue,
              let submitValue = response["submitValue"]?.intValue,
              submitValue == Self.approveValue || submitValue == Self.rejectValue
        else { return nil }
        self.changeId = Int64(changeId)
        self.messageId = messageId
        self.username = username
        approved = submitValue == Self.approveValue
        reason = response["values"]?[CreditApprovalPayload.reasonID]?.stringValue
    }
}
