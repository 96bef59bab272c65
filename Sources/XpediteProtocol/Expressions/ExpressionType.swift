/// The static types of the expression language (docs/notify.md#expressions). `null` is the type
/// of the literal `null`; `any` that of a choice field whose values mix texts and numbers: both
/// fit anywhere, and are looked at when evaluated.
public enum ExpressionType: String, Sendable, Hashable, CaseIterable {
    /// A number.
    case number
    /// A text.
    case string
    /// `true` or `false`.
    case boolean
    /// A calendar date (`date` fields, `today()`).
    case date
    /// A date and time with an offset (`datetime`, `currentDateTime`, `now()`).
    case datetime
    /// A photo, drawing or recording (`camera`, `markupImage`, `audio`, `video`): its document name.
    case document
    /// A location (`currentLocation`, `map`).
    case location
    /// The type of `null`.
    case null
    /// Any value.
    case any

    /// The type of the value of a field, `nil` for a field that gives none. A `computed` field's
    /// type is its expression's, which ``PayloadRules`` works out.
    public init?(field: Field) {
        switch field {
        case .inputInteger, .inputReal: self = .number
        case .inputString, .barcode: self = .string
        case .checkbox: self = .boolean
        case .date: self = .date
        case .datetime, .currentDateTime: self = .datetime
        case .camera, .markupImage, .audio, .video: self = .document
        case .currentLocation: self = .location
        case .map(let map):
            guard map.isInput else { return nil }
            self = .location
        case .droplist(let choice), .radioButtons(let choice):
            let kinds = Set(choice.values.map { option -> String in
                switch option.value {
                case .number: "number"
                case .string: "string"
                default: "other"
                }
            })
            if kinds == ["number"] { self = .number } else if kinds == ["string"] || kinds.isEmpty { self = .string } else { self = .any }
        default:
            return nil
        }
    }

    /// `null` or `any`: fits next to every type.
    var isLoose: Bool { self == .null || self == .any }

    /// A number, a text, a date or a date-time: the types `<` orders.
    var isOrdered: Bool { self == .number || self == .string || self == .date || self == .datetime }

    /// The type both fit, or `nil`.
    func unified(with other: ExpressionType) -> ExpressionType? {
        if self == .null { return other }
        if other == .null { return self }
        if self == .any || other == .any { return .any }
        return self == other ? self : nil
    }

    /// How messages name the type: "a number", "a text".
    var described: String {
        switch self {
        case .number: "a number"
        case .string: "a text"
        case .boolean: "a boolean"
        case .date: "a date"
        case .datetime: "a date-time"
        case .document: "a document"
        case .location: "a location"
        case .null: "null"
        case .any: "any value"
        }
    }
}
