import Foundation
import XpediteProtocol

/// Input values of a screen: where each starts (docs/protocol/values.md#input-values) and how they
/// are captured for `formdata` (docs/protocol/forms.md#save,
/// docs/protocol/forms.md#the-shape-of-formdata).
enum FormState {
    /// The starting value of every input, by index path.
    static func initialValues(of components: [Component], today: Date) -> [[Int]: FieldValue] {
        var values: [[Int]: FieldValue] = [:]
        ComponentTree.forEach(components) { component, path, _ in
            if let value = initialValue(of: component, today: today) { values[path] = value }
        }
        return values
    }

    static func initialValue(of component: Component, today: Date) -> FieldValue? {
        switch component {
        case .textbox(let field): .text(field.value ?? "")
        case .password(let field): .text(field.value ?? "")
        case .textview(let field): .text(field.value ?? "")
        case .checkbox(let field): .checked(field.value ?? false)
        case .date(let field): .date(field.value ?? day(today))
        case .select(let field):
            switch field.value {
            case .single(let key)?: .option(key)
            case .multiple(let keys)?: .options(keys)
            case nil: field.multi == true ? .options([]) : .option(Options.sortedKeys(field.options).first ?? "")
            }
        case .radio(let field): .option(field.value ?? "")
        default: nil
        }
    }

    /// `yyyy-MM-dd` of `date` in UTC (docs/protocol/values.md#input-values).
    static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let year = parts.year ?? 1970, month = parts.month ?? 1, dayOfMonth = parts.day ?? 1
        return String(format: "%04d-%02d-%02d", year, month, dayOfMonth)
    }

    /// The snapshot of one form (docs/protocol/forms.md#save): every named field inside it, last
    /// name winning.
    static func values(ofForm formPath: [Int], in components: [Component],
                       values: [[Int]: FieldValue]) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        ComponentTree.forEach(components) { component, path, form in
            guard form == formPath, let name = component.fieldName, !name.isEmpty,
                  let value = values[path] else { return }
            fields[name] = value.wire
        }
        return fields
    }

    /// The screen's captured input (docs/protocol/forms.md#the-shape-of-formdata):
    /// `formdata[formId]` for every form with an `id`, `formdata[name]` for every field outside a
    /// form; a form wins over a field of its name.
    static func capture(_ components: [Component], values: [[Int]: FieldValue]) -> [String: JSONValue] {
        var standalone: [String: JSONValue] = [:]
        var forms: [String: JSONValue] = [:]
        ComponentTree.forEach(components) { component, path, form in
            if case .form(let definition) = component, let id = definition.id, !id.isEmpty {
                forms[id] = .object(JSONObject(Self.values(ofForm: path, in: components, values: values)))
            } else if form == nil, let name = component.fieldName, !name.isEmpty, let value = values[path] {
                standalone[name] = value.wire
            }
        }
        return standalone.merging(forms) { _, form in form }
    }
}
