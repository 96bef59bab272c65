/// A value an expression computes with (docs/notify.md#expressions): `null`, a number, a text, a
/// boolean, a date, a date-time, a document (a photo, drawing or recording, by its name) or a
/// location. Dates and date-times keep the text they were read from, which is what they write.
///
/// Texts compare and equal by Unicode scalars, never by Swift's canonical equivalence, so that
/// the app's JavaScript and Swift agree on every value; for the same reason values are not
/// `Equatable`: ``equals(_:)`` and ``compare(_:)`` are the language's rules.
public enum ExpressionValue: Sendable {
    /// No value: an empty or hidden field, or what cannot be computed.
    case null
    /// A number (IEEE double).
    case number(Double)
    /// A text.
    case string(String)
    /// `true` or `false`.
    case boolean(Bool)
    /// A calendar date: days since 1970-01-01, and its text `yyyy-MM-dd`.
    case date(day: Int, text: String)
    /// An instant: milliseconds since 1970-01-01T00:00Z, and its ISO 8601 text with an offset.
    case dateTime(milliseconds: Double, text: String)
    /// A document name (`rcs/image/…`).
    case document(String)
    /// A location.
    case location(longitude: Double, latitude: Double)

    /// The value of a field of type `type` (the wire type) whose JSON value is `json` (`nil` when
    /// absent). An empty text, a value of the wrong form and no value are `null`.
    public init(type: String, json: JSONValue?) {
        self.init(kind: FieldKind(type: type), json: json)
    }

    /// How a field's JSON value becomes an expression's value, by the field's wire type: worked
    /// out once per field (``PayloadRules``), not once per value.
    enum FieldKind: Sendable {
        case number, text, checkbox, date, dateTime, choice, document, location, other

        init(type: String) {
            switch type {
            case "inputInteger", "inputReal": self = .number
            case "inputString", "barcode": self = .text
            case "checkbox": self = .checkbox
            case "date": self = .date
            case "datetime", "currentDateTime": self = .dateTime
            case "droplist", "radioButtons": self = .choice
            case "camera", "markupImage", "audio", "video": self = .document
            case "currentLocation", "map": self = .location
            default: self = .other
            }
        }
    }

    /// The value of a field of kind `kind` whose JSON value is `json` (`nil` when absent).
    init(kind: FieldKind, json: JSONValue?) {
        guard let json else {
            self = .null
            return
        }
        switch (kind, json) {
        case (.number, .number(let number)), (.choice, .number(let number)):
            self = number.isFinite ? .number(number) : .null
        case (.text, .string(let text)), (.choice, .string(let text)):
            self = text.isEmpty ? .null : .string(text)
        case (.checkbox, .bool(let value)):
            self = .boolean(value)
        case (.date, .string(let text)):
            self = ExpressionCalendar.date(text) ?? .null
        case (.dateTime, .string(let text)):
            self = ExpressionCalendar.dateTime(text) ?? .null
        case (.document, .string(let name)):
            self = name.isEmpty ? .null : .document(name)
        case (.location, .object(let members)):
            self = Self.location(members) ?? .null
        default:
            self = .null
        }
    }

    private static func location(_ members: JSONObject) -> ExpressionValue? {
        if case .number(let longitude)? = members["longitude"], case .number(let latitude)? = members["latitude"] {
            return .location(longitude: longitude, latitude: latitude)
        }
        if members["type"] == .string("Point"), case .array(let coordinates)? = members["coordinates"], coordinates.count == 2,
           case .number(let longitude) = coordinates[0], case .number(let latitude) = coordinates[1] {
            return .location(longitude: longitude, latitude: latitude)
        }
        return nil
    }

    /// The JSON of the value: dates and date-times as their text, a document as its name, a
    /// location as `{"longitude", "latitude"}`; −0 as 0.
    public var json: JSONValue {
        switch self {
        case .null: .null
        case .number(let number): .number(number == 0 ? 0 : number)
        case .string(let text): .string(text)
        case .boolean(let value): .bool(value)
        case .date(_, let text), .dateTime(_, let text): .string(text)
        case .document(let name): .string(name)
        case .location(let longitude, let latitude): .object(["longitude": .number(longitude), "latitude": .number(latitude)])
        }
    }

    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A text beside a date (date-time) read as one, `null` when it is not one; any other value as it is.
    func beside(_ other: ExpressionValue) -> ExpressionValue {
        guard case .string(let text) = self else { return self }
        switch other {
        case .date: return ExpressionCalendar.date(text) ?? .null
        case .dateTime: return ExpressionCalendar.dateTime(text) ?? .null
        default: return self
        }
    }

    /// The language's equality: `null` equals only `null`, values of different kinds are not
    /// equal, texts are equal when their Unicode scalars are, date-times when their instants are.
    public func equals(_ other: ExpressionValue) -> Bool {
        if isNull || other.isNull { return isNull && other.isNull }
        switch (beside(other), other.beside(self)) {
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.date(let a, _), .date(let b, _)): return a == b
        case (.dateTime(let a, _), .dateTime(let b, _)): return a == b
        case (.document(let a), .document(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.location(let x1, let y1), .location(let x2, let y2)): return x1 == x2 && y1 == y2
        default: return false
        }
    }

    /// The language's order: -1, 0 or 1 for numbers, texts (by Unicode scalars), dates and
    /// date-times of one kind; `nil` when the two cannot be ordered (`null`, different kinds).
    public func compare(_ other: ExpressionValue) -> Int? {
        func order<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a > b ? 1 : 0) }
        switch (beside(other), other.beside(self)) {
        case (.number(let a), .number(let b)): return order(a, b)
        case (.string(let a), .string(let b)): return Self.compareTexts(a, b)
        case (.date(let a, _), .date(let b, _)): return order(a, b)
        case (.dateTime(let a, _), .dateTime(let b, _)): return order(a, b)
        default: return nil
        }
    }

    /// Compares texts by Unicode scalars.
    static func compareTexts(_ a: String, _ b: String) -> Int {
        var left = a.unicodeScalars.makeIterator()
        var right = b.unicodeScalars.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let p?, let q?) where p != q: return p.value < q.value ? -1 : 1
            default: continue
            }
        }
    }
}
