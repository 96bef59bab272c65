import Foundation
import XpediteProtocol

extension PayloadForm {
    /// Sets a field from text as a person types it, read by the field's type: an integer or a
    /// number, `true`/`false` (also `yes`/`no`, `1`/`0`), `longitude,latitude` for a location, a
    /// choice by its value or its label, any other type as the string itself (dates, date-times,
    /// document names; their form is checked at submit). Empty text unsets the field, but for a
    /// string or barcode, which it sets to "".
    ///
    /// - Throws: ``DeviceError`` with the issue at `$.values.<id>`: an unknown id, or text that is
    ///   not of the field's type.
    public mutating func set(_ id: String, text: String) throws(DeviceError) {
        guard let field = field(id) else { throw .invalid([Self.unknownField(id, among: inputFields)]) }
        switch Self.value(parsing: text, for: field) {
        case .success(let value): try set(id, value)
        case .failure(let error):
            throw .invalid([ValidationIssue(path: JSONPath.root.appending("values").appending(id), code: .typeMismatch,
                                            severity: .error, message: error.message)])
        }
    }

    /// Why text is not a value of a field's type: the message of the issue.
    public struct TextError: Error, Sendable, Hashable {
        /// The message, `expected an integer, got "x"`.
        public var message: String
    }

    /// The value `text` stands for in `field` (`nil`: unset), or why it stands for none.
    public static func value(parsing text: String, for field: Field) -> Result<JSONValue?, TextError> {
        func fail(_ expected: String) -> Result<JSONValue?, TextError> {
            .failure(TextError(message: "expected \(expected), got \(JSONValue.string(text).summary)"))
        }
        switch field {
        case .inputString, .barcode:
            return .success(.string(text))
        default:
            if text.isEmpty { return .success(nil) }
        }
        switch field {
        case .inputInteger:
            guard let integer = Int(text) else { return fail("an integer") }
            return .success(.number(Double(integer)))
        case .inputReal:
            guard let number = Double(text), number.isFinite else { return fail("a number") }
            return .success(.number(number))
        case .checkbox:
            switch text.lowercased() {
            case "true", "yes", "1", "on": return .success(.bool(true))
            case "false", "no", "0", "off": return .success(.bool(false))
            default: return fail("true or false")
            }
        case .map, .currentLocation:
            let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let longitude = Double(parts[0]), let latitude = Double(parts[1]) else {
                return fail("a location \"longitude,latitude\"")
            }
            return .success(.object(["longitude": .number(longitude), "latitude": .number(latitude)]))
        case .droplist(let choice), .radioButtons(let choice):
            let byValue = choice.values.first { option in
                switch option.value {
                case .string(let value): value == text
                case .number(let value): Double(text) == value
                default: false
                }
            }
            let option = byValue ?? choice.values.first { $0.label == text }
            // Text that names no choice is kept as a string: the check at submit reports it with the choices.
            return .success(option?.value ?? .string(text))
        default:
            return .success(.string(text))
        }
    }
}
