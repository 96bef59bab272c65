import Foundation
import XpediteServer

/// The approval payload of a credit limit change (docs/notify.md): a summary, an optional reason
/// droplist, and the footer buttons Approve (`submitValue` 1) and Reject (2). Its `state` names the
/// change, so the answer finds it; answers are published to ``topic``.
enum CreditApprovalPayload {
    /// Where answers to approval payloads are published.
    static let topic = "/demo/credit-approvals"
    /// The `id` of the reason droplist, the key of its value in the response's `values`.
    static let reasonID = "reason"
    /// The reasons the approver may pick.
    static let reasons = ["Payment history checked", "Long-standing customer", "Collateral provided", "Too risky"]

    /// The message's title and body (what a push shows).
    static func title(_ customer: Customer) -> String {
        "Approve a credit limit for \(customer.name)"
    }

    static func body(_ change: CreditChange) -> String {
        "€\(Numbers.grouped(change.oldLimit)) → €\(Numbers.grouped(change.newLimit))"
    }

    /// The payload asking to approve `change` of `customer`, asked for by `requester`.
    static func make(_ change: CreditChange, customer: Customer, requester: DemoUser, threshold: Int) -> Payload {
        Payload(responseTopic: topic, fields: [
            .text(.init(label: "Credit limit for \(customer.name) (customer \(customer.id), \(customer.city))",
                        labelStyle: .init(size: 18, style: .bold))),
            .text(.init(label: "From €\(Numbers.grouped(change.oldLimit)) to €\(Numbers.grouped(change.newLimit)), "
                            + "asked by \(requester.displayName) (\(requester.username)). "
                            + "Limits above €\(Numbers.grouped(threshold)) need approval.")),
            .droplist(.init(id: reasonID, label: "Reason", simpleValues: reasons, optional: true)),
            .footerButton(.init(buttonLabel: "Approve", value: ApprovalDecision.approveValue)),
            .footerButton(.init(buttonLabel: "Reject", value: ApprovalDecision.rejectValue)),
        ], state: .object(JSONObject([
            "changeId": .number(Double(change.id)), "customerId": .number(Double(customer.id)),
            "creditLimit": .number(Double(change.newLimit)),
        ])))
    }
}
