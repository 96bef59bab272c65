extension Field {
    /// `inputString`, `barcode`, `date` and `datetime` (docs/notify.md#field-types), which have the
    /// same structure: a value given as text, with an optional `default` and `placeholder`. They
    /// differ in their type, the form of `default` and the default `placeholder`.
    public struct TextInput: Sendable, Hashable {
        /// Which text field this is.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// `inputString`: a text input; the value is a string.
            case inputString
            /// `barcode`: scans a UPC or QR code; the value is the code as a string.
            case barcode
            /// `date`: a date chooser; the value is an ISO date string yyyy-MM-dd.
            case date
            /// `datetime`: a date and time chooser; the value is an ISO 8601 date-time with an offset.
            case datetime

            /// The default `placeholder`: "Scan Barcode" for a barcode, empty otherwise.
            public var defaultPlaceholder: String { self == .barcode ? "Scan Barcode" : "" }

            var summary: String {
                switch self {
                case .inputString: "A text input; the value is a string."
                case .barcode: "Scans a UPC or QR code; the value is the code as a string."
                case .date: "A date chooser; the value is an ISO date string yyyy-MM-dd."
                case .datetime: "A date and time chooser; the value is an ISO 8601 date-time with an offset."
                }
            }

            var defaultProperty: ObjectShape.Property {
                switch self {
                case .inputString: .init("default", .string, "The initial text.")
                case .barcode: .init("default", .string, "Used as if it had been scanned.")
                case .date: .init("default", .date, "An ISO date, e.g. \"1991-04-20\".")
                case .datetime: .init("default", .string, "An ISO date-time, e.g. \"1991-04-20T09:30-07:00\".")
                }
            }
        }

        /// Which text field this is.
        public var kind: Kind
        /// `id`: the property name of the value in the response's `values`; required, unique within `fields`.
        public var id: String?
        /// `label`: the title shown above the widget.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle
        /// `showIf`, `requiredIf`, `check` and `checkMessage` (docs/notify.md#rules).
        public var rules = Rules()
        /// `placeholder`: the prompt shown in the field's body before it is used.
        public var placeholder: String?
        /// `default`: the initial value (for a barcode, used as if it had been scanned).
        public var defaultValue: String?
        /// `optional`: the user may skip the field; a skipped field is returned as `null`
        /// (docs/notify.md#optional-and-default).
        public var optional: Bool?

        /// Creates an `inputString`, `barcode`, `date` or `datetime` field.
        public init(_ kind: Kind, id: String? = nil, label: String? = nil, labelStyle: LabelStyle = LabelStyle(),
                    placeholder: String? = nil, defaultValue: String? = nil, optional: Bool? = nil) {
            self.kind = kind
            self.id = id
            self.label = label
            self.labelStyle = labelStyle
            self.placeholder = placeholder
            self.defaultValue = defaultValue
            self.optional = optional
        }

        /// `placeholder`, or the default of the kind.
        public var resolvedPlaceholder: String { placeholder ?? kind.defaultPlaceholder }

        /// How the field must be answered (docs/notify.md#optional-and-default).
        public var requirement: Requirement { .of(default: defaultValue.map(JSONValue.string), optional: optional) }

        static func shape(_ kind: Kind) -> ObjectShape {
            ObjectShape.field(kind.rawValue, kind.summary, id: .required, styled: true, [
                .init("placeholder", .string, "The prompt shown in the field's body before it is used."),
                kind.defaultProperty,
                .init("optional", .boolean, "The user may skip the field; a skipped field is returned as `null` (docs/notify.md#optional-and-default)."),
            ])
        }

        init(_ kind: Kind, reading members: JSONObject) {
            self.init(kind,
                      id: members.string("id"),
                      label: members.string("label"),
                      labelStyle: LabelStyle(reading: members),
                      placeholder: members.string("placeholder"),
                      defaultValue: members.string("default"),
                      optional: members.bool("optional"))
            rules = Rules(reading: members)
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: kind.rawValue)
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            labelStyle.write(into: &writer)
            writer.set(name: "placeholder", placeholder)
            writer.set(name: "default", defaultValue)
            writer.set(name: "optional", optional)
            rules.write(into: &writer)
            return writer.json
        }
    }
}
