/// Checks a JSON tree against the ``Shape`` of the new dialect and collects every issue with
/// its path: wrong types, missing required keys, values outside their enumerations and ranges,
/// unknown component types and (as warnings) unknown keys, with a "did you mean" suggestion.
struct ShapeChecker {
    private(set) var issues: [ValidationIssue] = []

    /// Checks `value` at `path` against `shape`. `required` tells whether the key holding the
    /// value is required, which decides whether a lenient reader can repair a bad value by
    /// ignoring it.
    mutating func check(_ value: JSONValue, against shape: Shape, at path: JSONPath, required: Bool = true) {
        switch shape {
        case .any:
            return
        case .string:
            if case .string = value { return }
        case .number:
            if case .number = value { return }
        case .boundedNumber(let minimum, let maximum, let exclusive):
            guard case .number(let number) = value else { break }
            let tooLow = minimum.map { exclusive ? number <= $0 : number < $0 } ?? false
            let tooHigh = maximum.map { number > $0 } ?? false
            if tooLow || tooHigh {
                issues.append(.error(.outOfRange, at: path, "expected \(shape.expectation), got \(value.summary)",
                                     repairable: !required))
            }
            return
        case .integer:
            if value.intValue != nil { return }
        case .boundedInteger(let minimum):
            guard let number = value.intValue else { break }
            if number < minimum {
                issues.append(.error(.outOfRange, at: path, "expected \(shape.expectation), got \(value.summary)",
                                     repairable: !required))
            }
            return
        case .boolean:
            if case .bool = value { return }
        case .nullValue:
            if case .null = value { return }
        case .oneOf(let allowed):
            guard case .string(let text) = value else { break }
            if !allowed.contains(text) {
                var message = "expected \(shape.expectation), got \(value.summary)"
                if let suggestion = Suggestion.closest(to: text, in: allowed) {
                    message += "; did you mean \"\(suggestion)\"?"
                }
                issues.append(.error(.invalidValue, at: path, message, repairable: !required))
            }
            return
        case .colour:
            guard case .string(let text) = value else { break }
            if Colour(hex: text) == nil {
                issues.append(.error(.invalidColour, at: path, "expected a colour \"#RRGGBB\", got \(value.summary)",
                                     repairable: true))
            } else if !Colour.isCanonicalForm(text) {
                issues.append(.warning(.colourForm, at: path, "colour \(value.summary) is accepted, but the protocol's form is \"#RRGGBB\""))
            }
            return
        case .date:
            guard case .string(let text) = value else { break }
            if !CalendarDate.isValid(text) {
                issues.append(.error(.invalidDate, at: path, "expected a date \"yyyy-MM-dd\", got \(value.summary)",
                                     repairable: !required))
            }
            return
        case .bounds:
            guard case .string(let text) = value else { break }
            if Bounds(parsing: text) == nil {
                issues.append(.error(.invalidBounds, at: path,
                                     "expected bounds \"(x, y, width, height)\", got \(value.summary)",
                                     repairable: !required))
            }
            return
        case .array(let element):
            guard case .array(let elements) = value else { break }
            for (index, item) in elements.enumerated() {
                check(item, against: element, at: path.appending(index))
            }
            return
        case .map(let element):
            guard case .object(let members) = value else { break }
            for key in members.keys.sorted() {
                if let member = members[key] { check(member, against: element, at: path.appending(key)) }
            }
            return
        case .object(let name):
            guard case .object(let members) = value else { break }
            if let definition = WireCatalogue.shape(named: name) {
                check(members, against: definition, at: path, context: nil)
            }
            return
        case .component:
            guard case .object(let members) = value else { break }
            checkComponent(members, at: path)
            return
        case .anyOf(let alternatives):
            if alternatives.contains(where: { fits(value, $0) }) {
                // Check against the first alternative of the value's own kind, for nested issues.
                if let match = alternatives.first(where: { fits(value, $0) }) {
                    check(value, against: match, at: path, required: required)
                }
                return
            }
        }
        issues.append(.error(.typeMismatch, at: path, "expected \(shape.expectation), got \(value.summary)",
                             repairable: !required))
    }

    /// Checks the members of an object against its definition.
    mutating func check(_ members: [String: JSONValue], against definition: ObjectShape, at path: JSONPath,
                        context: String?, reportUnknownKeys: Bool = true) {
        let owner = context ?? definition.name
        for property in definition.properties {
            guard let value = members[property.key] else {
                if property.isRequired {
                    issues.append(.error(.missingKey, at: path, "\(owner) requires \"\(property.key)\""))
                }
                continue
            }
            check(value, against: property.shape, at: path.appending(property.key), required: property.isRequired)
        }
        if reportUnknownKeys {
            for key in members.keys.sorted() where definition.property(key) == nil {
                var message = "unknown key \"\(key)\" in \(owner); ignored"
                if let suggestion = Suggestion.closest(to: key, in: definition.keys) {
                    message += "; did you mean \"\(suggestion)\"?"
                }
                issues.append(.warning(.unknownKey, at: path.appending(key), message))
            }
        }
    }

    private mutating func checkComponent(_ members: [String: JSONValue], at path: JSONPath) {
        guard let typeValue = members["type"] else {
            issues.append(.error(.missingKey, at: path, "component requires \"type\""))
            return
        }
        guard case .string(let type) = typeValue else {
            issues.append(.error(.typeMismatch, at: path.appending("type"),
                                 "expected a component type string, got \(typeValue.summary)"))
            return
        }
        guard let definition = Component.shapes[type] else {
            var message = "unknown component \"\(type)\""
            if let suggestion = Suggestion.closest(to: type, in: Component.types) {
                message += "; did you mean \"\(suggestion)\"?"
            }
            issues.append(.error(.unknownComponent, at: path.appending("type"), message))
            return
        }
        check(members, against: definition, at: path, context: type)
    }

    /// Whether a value is of the JSON kind a shape describes (not whether it is fully valid).
    private func fits(_ value: JSONValue, _ shape: Shape) -> Bool {
        switch (shape, value) {
        case (.any, _): true
        case (.string, .string), (.colour, .string), (.date, .string), (.bounds, .string): true
        case (.oneOf(let allowed), .string(let text)): allowed.contains(text)
        case (.number, .number), (.boundedNumber, .number): true
        case (.integer, _), (.boundedInteger, _): value.intValue != nil
        case (.boolean, .bool), (.nullValue, .null): true
        case (.array, .array): true
        case (.map, .object), (.object, .object), (.component, .object): true
        case (.anyOf(let alternatives), _): alternatives.contains { fits(value, $0) }
        default: false
        }
    }
}
