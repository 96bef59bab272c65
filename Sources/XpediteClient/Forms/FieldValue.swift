import Foundation
import XpediteProtocol

/// The value an input holds on the phone, encoded for `formdata` as
/// docs/protocol/values.md#input-values says.
public enum FieldValue: Sendable, Hashable {
    /// textbox, password, textview: the text (`""` when empty).
    case text(String)
    /// checkbox: sent as `"1"` or `"0"`.
    case checked(Bool)
    /// date: `yyyy-MM-dd`.
    case date(String)
    /// select (single) and radio: the option key (`""` when none).
    case option(String)
    /// old multi-select: the selected keys, sent as an array in sorted key order.
    case options([String])

    /// The JSON sent in `formdata`.
    public var wire: JSONValue {
        switch self {
        case .text(let text): .string(text)
        case .checked(let on): .string(on ? "1" : "0")
        case .date(let day): .string(day)
        case .option(let key): .string(key)
        case .options(let keys): .array(Options.sorted(keys).map(JSONValue.string))
        }
    }

    /// Reads typed text (a terminal, a test script) as the value of `field`: a checkbox takes
    /// `1`/`0`/`true`/`false`/`on`/`off`, a multi-select a comma-separated key list; `nil` when
    /// the text does not fit (a checkbox given `maybe`, a date not `yyyy-MM-dd`).
    public static func parse(_ text: String, for field: Component) -> FieldValue? {
        switch field {
        case .textbox, .password, .textview: return .text(text)
        case .checkbox:
            switch text.lowercased() {
            case "1", "true", "on", "yes": return .checked(true)
            case "0", "false", "off", "no", "": return .checked(false)
            default: return nil
            }
        case .date: return text.isEmpty || CalendarDate.isValid(text) ? .date(text) : nil
        case .select(let select):
            if select.multi == true {
                return .options(text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) })
            }
            return .option(text)
        case .radio: return .option(text)
        default: return nil
        }
    }
}

