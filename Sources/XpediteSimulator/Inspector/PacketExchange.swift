import Foundation
import XpediteProtocol

/// One request and its answer (or failure), as the packet inspector shows it.
struct PacketExchange: Sendable {
    var number: Int
    var sentAt: Date
    var duration: Duration
    var request: Data
    var answer: Data?
    var failure: String?
    /// What the request expected back, which the answer is validated as.
    var expected: AnswerKind
    /// What the validator says about the answer (lenient read, with paths).
    var issues: [ValidationIssue]

    /// The request's method, for the list.
    var method: String {
        guard let value = try? JSONValue(parsing: request) else { return "?" }   // not JSON: shown as "?"
        return value.objectValue?["method"]?.stringValue ?? "?"
    }
}
