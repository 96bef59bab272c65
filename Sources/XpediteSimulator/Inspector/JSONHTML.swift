import XpediteProtocol

/// Pretty-prints a JSON value as HTML, two-space indented, marking every value whose path has a
/// validation issue (`class="x-issue"`, the messages in `title`). Packet content is only ever
/// escaped text: nothing of it is evaluated.
struct JSONHTML {
    /// Messages by the path they concern.
    var issues: [JSONPath: [String]]

    init(issues: [ValidationIssue]) {
        var byPath: [JSONPath: [String]] = [:]
        for issue in issues { byPath[issue.path, default: []].append("\(issue.severity.rawValue): \(issue.message)") }
        self.issues = byPath
    }

    func write(_ value: JSONValue, _ w: inout HTMLWriter) {
        write(value, path: .root, indent: 0, &w)
    }

    private func write(_ value: JSONValue, path: JSONPath, indent: Int, _ w: inout HTMLWriter) {
        if let messages = issues[path] {
            w.open("span", [.init("class", "x-issue"), .init("title", messages.joined(separator: "\n")),
                            .init("data-issue-path", path.description)])
        }
        let pad = String(repeating: "  ", count: indent + 1)
        let closingPad = String(repeating: "  ", count: indent)
        switch value {
        case .object(let object):
            // Keys in code-point order, as in canonical JSON (and the curl command).
            let keys = object.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            if keys.isEmpty {
                w.text("{}")
            } else {
                w.text("{\n")
                for (index, key) in keys.enumerated() {
                    w.text(pad)
                    w.element("span", [.init("class", "x-json-key")], text: CanonicalJSON.string(.string(key)))
                    w.text(": ")
                    if let member = object[key] { write(member, path: path.appending(key), indent: indent + 1, &w) }
                    w.text(index == keys.count - 1 ? "\n" : ",\n")
                }
                w.text(closingPad + "}")
            }
        case .array(let elements):
            if elements.isEmpty {
                w.text("[]")
            } else {
                w.text("[\n")
                for (index, element) in elements.enumerated() {
                    w.text(pad)
                    write(element, path: path.appending(index), indent: indent + 1, &w)
                    w.text(index == elements.count - 1 ? "\n" : ",\n")
                }
                w.text(closingPad + "]")
            }
        case .string:
            w.element("span", [.init("class", "x-json-string")], text: CanonicalJSON.string(value))
        default:
            w.element("span", [.init("class", "x-json-literal")], text: CanonicalJSON.string(value))
        }
        if issues[path] != nil { w.close("span") }
    }
}
