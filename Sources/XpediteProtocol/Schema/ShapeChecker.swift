/// Checks a JSON tree against the ``Shape`` of the new dialect and collects every issue with
/// its path: wrong types, missing required keys, values outside their enumerations and ranges,
/// unknown component types and (as warnings) unknown keys, with a "did you mean" suggestion.
///
/// The walk keeps its position in a ``PathStack`` and visits each member once, so a valid tree
/// costs one dictionary lookup per key and no path allocations.
struct ShapeChecker {
    private(set) var issues: [ValidationIssue] = []
    private var stack = PathStack()
    /// Whether size dicts are checked for two keys of one quantity here; off when the
    /// ``DialectNormalizer`` has already checked them (with the sender's own key names).
    var checksSizeConflicts = false

    /// A checker whose walk starts at the root.
    init() {}

    /// A checker whose walk starts at `path`: its issues carry paths inside that value.
    init(at path: JSONPath) {
        stack = PathStack(path)
    }

    /// Checks the members of the root object against its definition.
    mutating func checkRoot(_ members: JSONObject, against definition: ObjectShape,
                            reportUnknownKeys: Bool = true) {
        check(members, against: definition, context: definition.displayName, reportUnknownKeys: reportUnknownKeys)
    }

    /// Checks `value` (at the top of the stack) against `shape`. `required` tells whether the key
    /// holding the value is required, which decides whether a lenient reader can repair a bad
    /// value by ignoring it.
    private mutating func check(_ value: JSONValue, against shape: Shape, required: Bool) {
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
                report(.outOfRange, "expected \(shape.expectation), got \(value.summary)", repairable: !required)
            }
            return
        case .integer:
            if value.intValue != nil { return }
        case .boundedInteger(let minimum):
            guard let number = value.intValue else { break }
            if number < minimum {
                report(.outOfRange, "expected \(shape.expectation), got \(value.summary)", repairable: !required)
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
                report(.invalidValue, message, repairable: !required)
            }
            return
        case .colour:
            guard case .string(let text) = value else { break }
            if Colour(hex: text) == nil {
                report(.invalidColour, "expected a colour \"#RRGGBB\", got \(value.summary)", repairable: true)
            } else if !Colour.isCanonicalForm(text) {
                issues.append(.warning(.colourForm, at: stack.path,
                                       "colour \(value.summary) is accepted, but the protocol's form is \"#RRGGBB\""))
            }
            return
        case .date:
            guard case .string(let text) = value else { break }
            if !CalendarDate.isValid(text) {
                report(.invalidDate, "expected a date \"yyyy-MM-dd\", got \(value.summary)", repairable: !required)
            }
            return
        case .bounds:
            guard case .string(let text) = value else { break }
            if Bounds(parsing: text) == nil {
                let signed = Bounds(parsing: text.replacingOccurrences(of: "-", with: "")) != nil
                let detail = signed ? " with a width and height of at least 0" : ""
                report(.invalidBounds, "expected bounds \"(x, y, width, height)\"\(detail), got \(value.summary)",
                       repairable: !required)
            }
            return
        case .array(let element):
            guard case .array(let elements) = value else { break }
            if case .map(.any) = element, elements.allSatisfy(Self.isObject) {
                // Objects of any members (a data response's rows): a kind check per element, and
                // no path kept, as nothing inside them can fail.
                return
            }
            for (index, item) in elements.enumerated() {
                stack.push(index)
                check(item, against: element, required: true)
                stack.pop()
            }
            return
        case .map(let element):
            guard case .object(let members) = value else { break }
            if case .any = element { return }
            for (key, member) in members {
                stack.push(key)
                check(member, against: element, required: true)
                stack.pop()
            }
            return
        case .object(let name):
            guard case .object(let members) = value else { break }
            if let definition = WireCatalogue.shape(named: name) {
                check(members, against: definition, context: definition.displayName, reportUnknownKeys: true)
                if checksSizeConflicts, name == "size" {
                    issues += DialectNormalizer.conflictingSizeKeys(in: members, at: stack.path)
                }
            }
            return
        case .component:
            guard case .object(let members) = value else { break }
            checkComponent(members)
            return
        case .anyOf(let alternatives):
            if let match = alternatives.first(where: { fits(value, $0) }) {
                check(value, against: match, required: required)
                return
            }
        }
        report(.typeMismatch, "expected \(shape.expectation), got \(value.summary)", repairable: !required)
    }

    /// Checks the members of an object against its definition: each member once, then the
    /// required keys that were not among them.
    private mutating func check(_ members: JSONObject, against definition: ObjectShape, context: String,
                                reportUnknownKeys: Bool) {
        var requiredSeen = 0
        var unknown: [String] = []
        for (wireKey, (key, value)) in members.interned {
            guard let property = definition.property(wireKey, named: key) else {
                unknown.append(key)
                continue
            }
            if property.isRequired { requiredSeen += 1 }
            stack.push(key)
            check(value, against: property.shape, required: property.isRequired)
            stack.pop()
        }
        if requiredSeen < definition.requiredCount {
            for property in definition.properties where property.isRequired && members[property.key] == nil {
                issues.append(.error(.missingKey, at: stack.path, "\(context) requires \"\(property.key)\""))
            }
        }
        if reportUnknownKeys {
            for key in unknown.sorted() {
                var message = "unknown key \"\(key)\" in \(context); ignored"
                if let suggestion = Suggestion.closest(to: key, in: definition.keys) {
                    message += "; did you mean \"\(suggestion)\"?"
                }
                issues.append(.warning(.unknownKey, at: stack.path(key), message))
            }
        }
    }

    private mutating func checkComponent(_ members: JSONObject) {
        guard let typeValue = members[.type] else {
            issues.append(.error(.missingKey, at: stack.path, "component requires \"type\""))
            return
        }
        guard case .string(let type) = typeValue else {
            issues.append(.error(.typeMismatch, at: stack.path("type"),
                                 "expected a component type string, got \(typeValue.summary)"))
            return
        }
        guard let definition = Component.shapes[type] else {
            var message = "unknown component \"\(type)\""
            if let suggestion = Suggestion.closest(to: type, in: Component.types) {
                message += "; did you mean \"\(suggestion)\"?"
            }
            issues.append(.error(.unknownComponent, at: stack.path("type"), message))
            return
        }
        check(members, against: definition, context: type, reportUnknownKeys: true)
    }

    private static func isObject(_ value: JSONValue) -> Bool {
        if case .object = value { return true }
        return false
    }

    private mutating func report(_ code: IssueCode, _ message: String, repairable: Bool) {
        issues.append(.error(code, at: stack.path, message, repairable: repairable))
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
