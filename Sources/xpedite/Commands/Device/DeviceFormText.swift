import XpediteClient
import XpediteProtocol

/// A payload as text: a heading, then one line per field (`id  type  "label"  required|optional|default …`,
/// then the type's own properties such as choices, ranges, buttons and URLs), then how to submit.
enum DeviceFormText {
    /// The keys shown on their own or not at all: the rest of a field's properties follow its requirement.
    private static let skipped: Set<String> = ["type", "id", "label", "size", "align", "color", "style", "default", "optional", "values"]

    static func render(_ message: DeviceMessage) -> String {
        var lines: [String] = []
        switch message.source {
        case .message(let id): lines.append("\(message.title): \(message.body)  (message \(id)\(message.sentAt.map { ", sent \($0)" } ?? ""))")
        case .request(let name): lines.append("\(message.title): \(message.body)  (start request \(name))")
        }
        lines.append("response topic \(message.payload.responseTopic)")
        for (index, field) in (message.payload.fields ?? []).enumerated() {
            lines.append("  " + line(field, number: index + 1))
        }
        let buttons = message.payload.buttonValues
        lines.append(buttons.isEmpty ? "submit: the automatic Submit (--submit 0)"
                                     : "submit with --submit " + buttons.map(String.init).joined(separator: " | "))
        return lines.joined(separator: "\n")
    }

    static func line(_ field: Field, number: Int) -> String {
        var parts = ["\(number).", field.id ?? "-", field.type]
        let members = field.json.objectValue ?? JSONObject()
        if let label = members["label"]?.stringValue { parts.append("\"\(label)\"") }
        switch field.requirement {
        case .required?: parts.append("required")
        case .optional?: parts.append("optional")
        case .defaulted(let value)?: parts.append("default \(CanonicalJSON.string(value))")
        case nil: if field.isInput == false, field.submitValues.isEmpty { parts.append("(display only)") }
        }
        if case .droplist(let choice) = field { parts.append("choices: " + choices(choice)) }
        if case .radioButtons(let choice) = field { parts.append("choices: " + choices(choice)) }
        for (key, value) in members where !skipped.contains(key) {
            parts.append("\(key)=\(value.stringValue ?? CanonicalJSON.string(value))")
        }
        if case .buttonCluster(let cluster) = field {
            parts.append("buttons: " + cluster.values.map { "\($0.label)=\($0.value)" }.joined(separator: ", "))
        }
        return parts.joined(separator: "  ")
    }

    private static func choices(_ choice: Field.Choice) -> String {
        choice.values.map { option in
            let value = option.value.stringValue ?? CanonicalJSON.string(option.value)
            return option.label == value ? value : "\(value) (\(option.label))"
        }.joined(separator: ", ")
    }
}
