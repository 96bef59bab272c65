import XpediteProtocol

/// `date`: a date picker whose value is a calendar date `yyyy-MM-dd`
/// (docs/protocol/components/inputs.md#date). Named `DateField` so it never clashes with
/// Foundation's `Date`.
///
/// ```swift
/// DateField(name: "dob", title: "Date of birth", value: CalendarDay(year: 1990, month: 6, day: 15))
/// DateField(name: "dob", title: "Date of birth", value: profile.birthday)   // a CalendarDay? from a form
/// ```
public struct DateField: Placeable, BackgroundStylable, IDAssignable, Hashable {
    var wire: Component.DatePicker
    public var placement = Placement()

    /// A date picker.
    ///
    /// - Parameters:
    ///   - name: the key of the value in `formdata`; unique within its form.
    ///   - title: the field's label.
    ///   - value: the initial date, `yyyy-MM-dd`; today when `nil`.
    ///     ``Screen/validated(options:)`` refuses a value that is not a real calendar date.
    public init(name: String, title: String? = nil, value: String? = nil) {
        wire = Component.DatePicker(name: name, title: title, value: value)
    }

    /// A date picker whose initial date is a `CalendarDay` — the type the server
    /// SDK decodes the field into — so the value is a real date by construction.
    ///
    /// - Parameters:
    ///   - name: the key of the value in `formdata`; unique within its form.
    ///   - title: the field's label.
    ///   - value: the initial date; today when `nil`.
    public init(name: String, title: String? = nil, value: CalendarDay?) {
        self.init(name: name, title: title, value: value?.description)
    }

    /// A date picker whose initial date is given by its parts, written zero-padded as
    /// `yyyy-MM-dd` (an impossible date such as February 30 is still refused by validation).
    ///
    /// ```swift
    /// DateField(name: "dob", title: "Date of birth", year: 1990, month: 6, day: 15)   // "1990-06-15"
    /// ```
    public init(name: String, title: String? = nil, year: Int, month: Int, day: Int) {
        self.init(name: name, title: title, value: DateField.format(year: year, month: month, day: day))
    }

    /// The key of the value in `formdata`.
    public var name: String { wire.name }

    public var id: String? {
        get { wire.id }
        set { wire.id = newValue }
    }

    public var background: Colour? {
        get { wire.background }
        set { wire.background = newValue }
    }

    /// The protocol value.
    public var component: Component {
        var field = wire
        field.size = placement.sizeSpec
        return .date(field)
    }

    public func makeComponents() -> [Component] { [component] }

    /// `yyyy-MM-dd`, zero-padded.
    static func format(year: Int, month: Int, day: Int) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(abs(value))
            let sign = value < 0 ? "-" : ""
            return sign + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
}
