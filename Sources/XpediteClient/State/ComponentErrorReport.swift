import XpediteProtocol

/// The component errors of one screen
/// (docs/protocol/components/README.md#keys-every-component-has): every component the client
/// skipped or repaired while reading the answer, and every navigation stub it had to leave out
/// (docs/protocol/menus.md#a-menu-cached-by-id), one line each, for the one alert a debug client
/// shows per screen (``ClientConfiguration/reportsComponentErrors``).
struct ComponentErrorReport: Sendable, Hashable {
    /// One line per problem, in document order: `PATH: PROBLEM (not drawn)` or `(ignored)`.
    var lines: [String] = []

    /// The report of a screen read with `issues`, whose components at `dropped` were left out,
    /// plus problems the client found itself (`navigation 'main-menu': …`). Only errors inside
    /// `components` count: warnings are legal, and the top-level entries (a missing `token`, a
    /// bad window `background`) are no component's.
    init(issues: [ValidationIssue], dropped: [JSONPath], componentProblems: [String]) {
        let components = JSONPath.root.appending("components")
        for issue in issues where issue.severity == .error && issue.path.hasPrefix(components) {
            let leftOut = dropped.contains { issue.path.hasPrefix($0) }
            lines.append("\(issue.path): \(issue.message) (\(leftOut ? "not drawn" : "ignored"))")
        }
        lines += componentProblems
    }

    /// The alert listing every problem, or `nil` when the screen has none.
    var alert: ClientAlert? {
        guard !lines.isEmpty else { return nil }
        let count = lines.count == 1 ? "1 problem" : "\(lines.count) problems"
        return ClientAlert(kind: .componentErrors, message: "This screen has \(count):\n" + lines.joined(separator: "\n"))
    }
}
