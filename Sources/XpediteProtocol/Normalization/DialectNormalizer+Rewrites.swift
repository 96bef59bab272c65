import Foundation

/// The rewrites several component types share, and how each rewrite is reported.
extension DialectNormalizer {
    mutating func renameColour(_ members: inout JSONObject) {
        guard let colour = members[.colour] else { return }
        members[.colour] = nil
        if members[.color] == nil {
            members[.color] = colour
            alias("color", to: "colour")
            note("colour", "\"colour\" is old dialect; read as \"color\"")
        } else {
            issues.append(.warning(.supersededKey, at: stack.path("colour"), "\"colour\" is ignored because \"color\" is present"))
        }
    }

    /// Numbers sent as numeric strings ("16") become numbers (docs/protocol/layout.md#keys,
    /// docs/protocol/values.md#font-sizes).
    mutating func numericString(_ members: inout JSONObject, _ key: WireKey) {
        guard case .string(let text)? = members[key] else { return }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, let number = Double(trimmed), number.isFinite else { return }
        members[key] = .number(number)
        if key == .fontsize {
            note(key.name, "a fontsize string is old dialect; read as the number \(JSONValue.format(number: number))")
        }
    }

    mutating func stringifyNumber(_ members: inout JSONObject, _ key: WireKey) {
        guard case .number(let number)? = members[key] else { return }
        let text = JSONValue.format(number: number)
        members[key] = .string(text)
        issues.append(.warning(.typeMismatch, at: stack.path(key.name), "expected a string, got \(text); read as \"\(text)\""))
    }

    mutating func methodString(_ members: inout JSONObject, _ key: WireKey, formdata: Bool) {
        switch members[key] {
        case .string(let function)?:
            var method: JSONObject = ["function": .string(function)]
            if formdata { method[.formdata] = true }
            members[key] = .object(method)
            alias(steps: [.key(key.name), .key("function")], to: [.key(key.name)])
            note(key.name, "a method string is old dialect; read as {\"function\": \"\(function)\"\(formdata ? ", \"formdata\": true" : "")}")
        case .object(let method)?:
            if case .array(let parameters)? = method[.parameters], parameters.isEmpty {
                members[key]?.withObject { $0[.parameters] = .object([:]) }
            }
        default:
            return
        }
    }

    /// PHP's `json_encode` writes an empty array where an empty object is meant
    /// (docs/protocol/values.md#other-values).
    func emptyArrayAsObject(_ members: inout JSONObject, _ key: WireKey) {
        if case .array(let elements)? = members[key], elements.isEmpty {
            members[key] = .object(JSONObject())
        }
    }

    /// `components` sent as an object with numeric keys is read in key order
    /// (docs/protocol/packets.md#screens-replace-screens).
    mutating func orderNumericKeys(_ members: inout JSONObject) {
        guard case .object(let keyed)? = members[.components] else { return }
        var numbered: [(number: Double, key: String, value: JSONValue)] = []
        for (key, value) in keyed {
            guard let number = Double(key.trimmingCharacters(in: .whitespaces)) else { return }
            numbered.append((number, key, value))
        }
        numbered.sort { $0.number < $1.number }
        members[.components] = .array(numbered.map(\.value))
        for (index, entry) in numbered.enumerated() {
            alias(steps: [.key("components"), .index(index)], to: [.key("components"), .key(entry.key)])
        }
        note("components", "components sent as an object with numeric keys; read in key order")
    }

    // MARK: - Reporting

    mutating func note(_ key: String, _ message: String) {
        issues.append(.warning(.oldDialect, at: stack.path(key), message))
    }

    mutating func note(steps: [JSONPath.Step], _ message: String) {
        issues.append(.warning(.oldDialect, at: JSONPath(steps: stack.steps + steps), message))
    }

    mutating func alias(_ rewritten: String, to original: String) {
        alias(steps: [.key(rewritten)], to: [.key(original)])
    }

    mutating func alias(steps rewritten: [JSONPath.Step], to original: [JSONPath.Step]) {
        aliases.append((JSONPath(steps: stack.steps + rewritten), JSONPath(steps: stack.steps + original)))
    }
}
