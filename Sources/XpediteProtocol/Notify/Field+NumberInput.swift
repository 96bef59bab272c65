extension Field {
    /// `inputInteger` and `inputReal` (docs/notify.md#field-types): a number typed into a text
    /// field or chosen on a slider, always within `minValue`…`maxValue`.
    public struct NumberInput: Sendable, Hashable {
        /// The widget.
        public enum Flavor: String, Sendable, Hashable, Codable, CaseIterable {
            /// Typed into a text field.
            case text
            /// Chosen on a slider between the bounds.
            case slider
        }

        /// `id`: the property name of the value in the response's `values`; required, unique within `fields`.
        public var id: String?
        /// `label`: the title shown above the widget.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle
        /// `showIf`, `requiredIf`, `check` and `checkMessage` (docs/notify.md#rules).
        public var rules = Rules()
        /// `flavor`: `text` or `slider`.
        public var flavor: Flavor?
        /// `minValue`: the smallest allowed value.
        public var minValue: Double?
        /// `maxValue`: the largest allowed value.
        public var maxValue: Double?
        /// `units`: text shown right of a text field (ignored for a slider).
        public var units: String?
        /// `placeholder`: the hint in an empty text field (ignored for a slider).
        public var placeholder: String?
        /// `default`: the initial value, within range.
        public var defaultValue: Double?
        /// `optional`: a text field may be left empty (returned as `null`); ignored for a slider.
        public var optional: Bool?

        /// The default `flavor`, `text`.
        public static let defaultFlavor = Flavor.text
        /// The default `minValue`, 0.
        public static let defaultMinValue: Double = 0
        /// The default `maxValue`, 100.
        public static let defaultMaxValue: Double = 100
        /// The default `units` and `placeholder`, "".
        public static let defaultText = ""

        /// Creates an `inputInteger` or `inputReal` field.
        public init(id: String? = nil, label: String? = nil, labelStyle: LabelStyle = LabelStyle(), flavor: Flavor? = nil,
                    minValue: Double? = nil, maxValue: Double? = nil, units: String? = nil, placeholder: String? = nil,
                    defaultValue: Double? = nil, optional: Bool? = nil) {
            self.id = id
            self.label = label
            self.labelStyle = labelStyle
            self.flavor = flavor
            self.minValue = minValue
            self.maxValue = maxValue
            self.units = units
            self.placeholder = placeholder
            self.defaultValue = defaultValue
            self.optional = optional
        }

        /// `flavor`, or `text`.
        public var resolvedFlavor: Flavor { flavor ?? Self.defaultFlavor }
        /// `minValue`, or 0.
        public var resolvedMinValue: Double { minValue ?? Self.defaultMinValue }
        /// `maxValue`, or 100.
        public var resolvedMaxValue: Double { maxValue ?? Self.defaultMaxValue }
        /// `units`, or "".
        public var resolvedUnits: String { units ?? Self.defaultText }
        /// `placeholder`, or "".
        public var resolvedPlaceholder: String { placeholder ?? Self.defaultText }

        /// How the field must be answered (docs/notify.md#optional-and-default): a slider always
        /// has a value (its `default`, or `minValue`), so `optional` is ignored for it.
        public var requirement: Requirement {
            if resolvedFlavor == .slider { return .defaulted(.number(defaultValue ?? resolvedMinValue)) }
            return .of(default: defaultValue.map(JSONValue.number), optional: optional)
        }

        static func shape(_ type: String) -> ObjectShape {
            let number: Shape = type == "inputInteger" ? .integer : .number
            let noun = type == "inputInteger" ? "an integer" : "a number"
            return ObjectShape.field(type, "Collects \(noun) in a text field or on a slider, within minValue…maxValue.",
                                     id: .required, styled: true, [
                .init("flavor", .oneOf(Flavor.allCases.map(\.rawValue)), "text (default) or slider."),
                .init("minValue", number, "The smallest allowed value; 0 by default; below maxValue."),
                .init("maxValue", number, "The largest allowed value; 100 by default."),
                .init("units", .string, "Text shown right of a text field; \"\" by default."),
                .init("placeholder", .string, "The hint in an empty text field; \"\" by default."),
                .init("default", number, "The initial value, within range; a slider starts at minValue without one."),
                .init("optional", .boolean, "A text field may be left empty (null); ignored for a slider."),
            ])
        }

        init(reading members: JSONObject) {
            self.init(id: members.string("id"), label: members.string("label"), labelStyle: LabelStyle(reading: members),
                      flavor: members.enum("flavor"), minValue: members.number("minValue"),
                      maxValue: members.number("maxValue"), units: members.string("units"),
                      placeholder: members.string("placeholder"), defaultValue: members.number("default"),
                      optional: members.bool("optional"))
            rules = Rules(reading: members)
        }

        /// The canonical JSON, written as `type`.
        func json(type: String) -> JSONValue {
            var writer = ObjectWriter(type: type)
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            labelStyle.write(into: &writer)
            writer.set(name: "flavor", flavor)
            writer.set(name: "minValue", minValue)
            writer.set(name: "maxValue", maxValue)
            writer.set(name: "units", units)
            writer.set(name: "placeholder", placeholder)
            writer.set(name: "default", defaultValue)
            writer.set(name: "optional", optional)
            rules.write(into: &writer)
            return writer.json
        }
    }
}
