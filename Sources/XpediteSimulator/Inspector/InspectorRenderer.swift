import Foundation
import XpediteProtocol

/// Renders the packet inspector: every exchange with its time, duration, sizes, the pretty
/// request and answer with issues highlighted at their paths, the issue list, the request as
/// a curl command (to copy) and a re-send button.
struct InspectorRenderer {
    /// The URL curl posts to.
    var endpointURL: String?

    func render(_ exchanges: [PacketExchange]) -> String {
        var w = HTMLWriter()
        w.element("ol", [.init("class", "x-packets")]) { w in
            for exchange in exchanges.reversed() { self.exchange(exchange, &w) }
        }
        return w.html
    }

    private func exchange(_ exchange: PacketExchange, _ w: inout HTMLWriter) {
        let errors = exchange.issues.filter { $0.severity == .error }.count
        let status = exchange.failure != nil ? "failed" : (errors > 0 ? "issues" : "ok")
        w.element("li", [.init("class", "x-packet x-\(status)"), .init("data-number", String(exchange.number)),
                         .init("data-expected", exchange.expected.rawValue)]) { w in
            w.element("details", []) { w in
                w.element("summary", []) { w in
                    w.element("span", [.init("class", "x-packet-method")], text: exchange.method)
                    if exchange.expected != .screen {
                        w.element("span", [.init("class", "x-packet-kind")], text: exchange.expected.rawValue)
                    }
                    w.element("span", [.init("class", "x-packet-meta")], text: summary(exchange))
                }
                w.element("div", [.init("class", "x-packet-tools")]) { w in
                    w.element("button", [.init("type", "button"), .init("data-action", "resend"),
                                         .init("data-number", String(exchange.number))], text: "Re-send")
                    w.element("button", [.init("type", "button"), .init("data-copy", "curl-\(exchange.number)")],
                              text: "Copy as curl")
                }
                w.element("pre", [.init("class", "x-curl"), .init("id", "curl-\(exchange.number)")], text: curl(exchange.request))
                w.element("h4", [], text: "Request")
                json(exchange.request, issues: [], &w)
                w.element("h4", [], text: "Answer (\(exchange.expected.rawValue))")
                if let failure = exchange.failure {
                    w.element("p", [.init("class", "x-packet-failure")], text: failure)
                } else if let answer = exchange.answer {
                    json(answer, issues: exchange.issues, &w)
                }
                if !exchange.issues.isEmpty {
                    w.element("ul", [.init("class", "x-issues")]) { w in
                        for issue in exchange.issues {
                            w.element("li", [.init("class", "x-issue-\(issue.severity.rawValue)")],
                                      text: "\(issue.path) \(issue.code): \(issue.message)")
                        }
                    }
                }
            }
        }
    }

    private func summary(_ exchange: PacketExchange) -> String {
        let time = exchange.sentAt.formatted(.iso8601.time(includingFractionalSeconds: true))
        let milliseconds = Double(exchange.duration.components.attoseconds) / 1e15 + Double(exchange.duration.components.seconds) * 1000
        var parts = [time, String(format: "%.1f ms", milliseconds), "→ \(exchange.request.count) B"]
        if let answer = exchange.answer { parts.append("← \(answer.count) B") }
        if exchange.failure != nil { parts.append("failed") }
        let errors = exchange.issues.filter { $0.severity == .error }.count
        let warnings = exchange.issues.count - errors
        if errors > 0 { parts.append("\(errors) error(s)") }
        if warnings > 0 { parts.append("\(warnings) warning(s)") }
        return parts.joined(separator: " · ")
    }

    private func json(_ data: Data, issues: [ValidationIssue], _ w: inout HTMLWriter) {
        w.element("pre", [.init("class", "x-json")]) { w in
            do {
                JSONHTML(issues: issues).write(try JSONValue(parsing: data), &w)
            } catch {
                w.text(String(decoding: data, as: UTF8.self))
            }
        }
    }

    /// The request as a shell command; the body is single-quoted for the shell.
    func curl(_ request: Data) -> String {
        let body = String(decoding: request, as: UTF8.self).replacingOccurrences(of: "'", with: "'\\''")
        let url = endpointURL ?? "http://127.0.0.1:8080/xpedite"
        return "curl -X POST -H 'Content-Type: application/json' --data '\(body)' \(url)"
    }
}
