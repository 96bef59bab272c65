import Foundation

/// One `--do` step of `xpedite client` (also typed at its interactive prompt).
enum ClientStep: Equatable {
    /// `tap "TEXT"`: the button, form button, menu entry or table row showing TEXT.
    case tap(String)
    /// `rows A-B`: scroll the table until rows A to B (0-based) are loaded.
    case rows(Int, Int)
    /// `fill FORM.FIELD=VALUE` (or `fill FIELD=VALUE` outside a form); VALUE may be empty.
    case fill(field: String, value: String)
    /// `save`: press the current form's Save.
    case save
    /// `cancel`: press the current form's Cancel.
    case cancel
    /// `enter FORM.FIELD` (or `enter FIELD`): the return key in that input.
    case enter(field: String)
    /// `refresh`: pull the table to refresh.
    case refresh

    /// The forms a step may take, for help and error messages.
    static let grammar = #"tap "TEXT" | rows A-B | fill FORM.FIELD=VALUE | save | cancel | enter FORM.FIELD | refresh"#

    /// Parses a step; `nil` when it is none of ``grammar``.
    init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let verb = trimmed.prefix { !$0.isWhitespace }
        let rest = trimmed.dropFirst(verb.count).trimmingCharacters(in: .whitespaces)
        switch verb {
        case "tap":
            var target = rest
            if target.count >= 2, target.hasPrefix("\""), target.hasSuffix("\"") {
                target = String(target.dropFirst().dropLast())
            }
            guard !target.isEmpty else { return nil }
            self = .tap(target)
        case "rows":
            let bounds = rest.split(separator: "-", omittingEmptySubsequences: false)
            guard bounds.count == 2, let first = Int(bounds[0]), let last = Int(bounds[1]), first >= 0, last >= first
            else { return nil }
            self = .rows(first, last)
        case "fill":
            guard let equals = rest.firstIndex(of: "="), equals != rest.startIndex else { return nil }
            self = .fill(field: String(rest[..<equals]), value: String(rest[rest.index(after: equals)...]))
        case "save" where rest.isEmpty: self = .save
        case "cancel" where rest.isEmpty: self = .cancel
        case "refresh" where rest.isEmpty: self = .refresh
        case "enter":
            guard !rest.isEmpty else { return nil }
            self = .enter(field: rest)
        default:
            return nil
        }
    }
}
