import Foundation
import Logging
import ServiceLifecycle
import XpediteNotify
import XpediteServer

/// Asks for and applies credit limit approvals: sends the approval payload of a held change to the
/// approver (``Notifier/sendPayload(_:title:body:to:direct:)``), and — as a service running with
/// the server — applies the answers published to ``CreditApprovalPayload/topic``.
///
/// The in-process subscription (``Notifier/responses(on:)``) only wakes it: the answers themselves
/// are read from the store after the cursor kept in the demo's store, and each is applied in the same
/// transaction that moves the cursor. So an answer is applied exactly once, in order — by one
/// server when several share a PostgreSQL database — and answers published while the demo was
/// stopped are applied when it starts.
struct CreditApprovals: Service {
    let notifier: Notifier
    let changes: any DemoStore
    /// Who approves (a user of the directory).
    let approver: String
    /// Limits above it need approval.
    let threshold: Int
    let logger: Logger
    let clock: @Sendable () -> Date

    /// The topic answers come from.
    var topic: String { CreditApprovalPayload.topic }

    /// Sends the approval payload of `change` to the approver and records its message.
    ///
    /// - Throws: when the payload could not be sent (the approver does not exist); the change is
    ///   then withdrawn, so nothing waits for an answer that cannot come.
    func requestApproval(of change: CreditChange, for customer: Customer, requester: DemoUser) async throws {
        let payload = CreditApprovalPayload.make(change, customer: customer, requester: requester, threshold: threshold)
        do {
            let sent = try await notifier.sendPayload(payload, title: CreditApprovalPayload.title(customer),
                                                      body: CreditApprovalPayload.body(change), to: .users([approver]))
            try await changes.attach(messageId: sent.messageId, to: change.id)
            logger.info("Credit limit change sent for approval", metadata: [
                "demo.customer": .stringConvertible(customer.id), "demo.change": .stringConvertible(change.id),
                "notify.messageId": .string(sent.messageId),
            ])
        } catch {
            try await changes.withdraw(change.id)
            throw error
        }
    }

    /// Applies the answers already published, then each new one until a graceful shutdown.
    func run() async throws {
        // Subscribed before catching up, so nothing published in between is missed.
        let published = notifier.responses(on: topic)
        await catchUp()
        for try await _ in published.cancelOnGracefulShutdown() {
            await catchUp()
        }
    }

    /// Applies every answer after the stored cursor, oldest first. A failure is logged and the
    /// answer tried again on the next wake-up (or the next start).
    func catchUp() async {
        do {
            var cursor = try await changes.cursor(topic: topic)
            while true {
                let batch = try await notifier.responses(topic: topic, after: cursor, limit: 100)
                guard !batch.isEmpty else { return }
                for stored in batch {
                    let decision = (try? JSONValue(parsing: stored.json)).flatMap(ApprovalDecision.init)  // not JSON: not ours, skipped
                    let outcome = try await changes.apply(decision, cursor: stored.cursor, topic: topic, at: clock())
                    log(outcome, cursor: stored.cursor)
                    cursor = stored.cursor
                }
            }
        } catch {
            logger.error("Applying credit approvals failed", metadata: ["error": "\(error)"])
        }
    }

    private func log(_ outcome: CreditApplyOutcome, cursor: Int64) {
        switch outcome {
        case .approved(let change), .rejected(let change):
            logger.info("Credit limit change \(change.state.rawValue)", metadata: [
                "demo.customer": .stringConvertible(change.customerId), "demo.change": .stringConvertible(change.id),
                "demo.decidedBy": .string(change.decidedBy ?? ""),
            ])
        case .ignored:
            logger.debug("Answer ignored", metadata: ["notify.cursor": .stringConvertible(cursor)])
        }
    }
}
