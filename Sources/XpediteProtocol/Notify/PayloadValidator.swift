import Foundation

/// Validates notification payloads (docs/notify.md), collecting every issue with its JSON
/// path, in the style of ``PacketValidator``: the structure is checked against the definitions of
/// ``NotifyCatalogue`` by the same `ShapeChecker`, then the rules that span keys.
///
/// ```swift
/// let report = try PayloadValidator().validate(data)
/// for issue in report.issues { print(issue) }   // $.fields[0].default: default "Purple" is not one of the values
/// ```
public struct PayloadValidator: Sendable {
    /// Creates a validator.
    public init() {}

    /// Parses and validates JSON bytes.
    ///
    /// - Throws: ``PacketError/notJSON(_:)`` when the bytes are not JSON.
    public func validate(_ data: Data) throws(PacketError) -> PayloadReport {
        validate(try JSONValue(parsing: data))
    }

    /// Validates a parsed payload.
    public func validate(_ value: JSONValue) -> PayloadReport {
        guard case .object(let members) = value else {
            return PayloadReport(issues: [.error(.typeMismatch, at: .root, "expected a payload object, got \(value.summary)")],
                                 payload: nil)
        }
        var run = Run()
        run.check(members)
        return PayloadReport(issues: run.issues.sortedByPath(), payload: Payload(reading: members))
    }

    /// One validation pass.
    private struct Run {
        var issues: [ValidationIssue] = []
        /// The first field (path) that used each id.
        var ids: [String: JSONPath] = [:]
        /// The first place each button value was used.
        var buttonValues: [Int: JSONPath] = [:]

        mutating func check(_ members: JSONObject) {
            var checker = ShapeChecker()
            checker.checkRoot(members, against: Payload.shape)
            issues += checker.issues
            let root = JSONPath.root
            if case .string(let topic)? = members["responseTopic"], !Topic.isValid(topic) {
                issues.append(.error(.invalidTopic, at: root.appending("responseTopic"),
                                     "expected a topic of the form \"/a/b/c\", got \(JSONValue.string(topic).summary)"))
            }
            if case .string(let name)? = members["payloadName"], name.isEmpty {
                issues.append(.error(.invalidValue, at: root.appending("payloadName"), "expected a non-empty payload name"))
            }
            switch (members["fields"], members["payloadName"]) {
            case (nil, nil):
                issues.append(.error(.missingKey, at: root, "payload requires \"fields\" (or \"payloadName\")"))
            case (_?, _?):
                issues.append(.warning(.supersededKey, at: root.appending("fields"),
                                       "\"fields\" is ignored: \"payloadName\" names the payload whose fields are used"))
            default:
                break
            }
            guard case .array(let fields)? = members["fields"] else { return }
            let base = root.appending("fields")
            for (index, element) in fields.enumerated() {
                checkField(element, at: base.appending(index))
            }
            // The rules (docs/notify.md#rules): every expression parsed and typed, no circles. Only
            // a field with an expression can have their issues: without one the fields are not read
            // again (decision 0607).
            let expressionKeys = ["showIf", "requiredIf", "check", "expression"]
            guard fields.contains(where: { element in expressionKeys.contains { element.objectValue?[$0] != nil } }) else { return }
            let positioned = fields.enumerated().compactMap { index, element in
                element.objectValue.flatMap(Field.init(reading:)).map { (index: index, field: $0) }
            }
            issues += PayloadRules(positioned: positioned).issues
        }

        mutating func checkField(_ element: JSONValue, at path: JSONPath) {
            guard case .object(let members) = element else {
                issues.append(.error(.typeMismatch, at: path, "expected a field object, got \(element.summary)"))
                return
            }
            guard let typeValue = members["type"] else {
                issues.append(.error(.missingKey, at: path, "field requires \"type\""))
                return
            }
            guard case .string(let type) = typeValue else {
                issues.append(.error(.typeMismatch, at: path.appending("type"),
                                     "expected a field type string, got \(typeValue.summary)"))
                return
            }
            guard let shape = Field.shapes[type] else {
                var message = "unknown field type \"\(type)\"; ignored"
                if let suggestion = Suggestion.closest(to: type, in: Field.types) {
                    message += "; did you mean \"\(suggestion)\"?"
                }
                issues.append(.warning(.unknownFieldType, at: path.appending("type"), message))
                return
            }
            var checker = ShapeChecker(at: path)
            checker.checkRoot(members, against: shape)
            issues += checker.issues
            checkID(members, at: path)
            checkLabel(members, at: path)
            checkRequirement(type, members, at: path)
            switch type {
            case "droplist", "radioButtons": checkChoices(members, at: path)
            case "inputInteger", "inputReal": checkRange(members, at: path)
            case "datetime": checkDateTime(members["default"], at: path.appending("default"))
            case "map":
                for key in ["location", "default"] {
                    if case .object(let location)? = members[key] {
                        issues += Location.formIssues(location, at: path.appending(key))
                    }
                }
            case "markupImage":
                if case .string(let source)? = members["source"], !Field.MarkupImage.isSource(source) {
                    issues.append(.error(.invalidValue, at: path.appending("source"),
                                         "expected \"camera\", an http(s) URL or a document name \"rcs/…\", got \(JSONValue.string(source).summary)"))
                }
            case "document":
                if case .string(let flavor)? = members["flavor"], Field.Document.Flavor(rawValue: flavor) == nil {
                    var message = "unknown flavor \(JSONValue.string(flavor).summary); shown as a web link"
                    if let suggestion = Suggestion.closest(to: flavor, in: Field.Document.Flavor.allCases.map(\.rawValue)) {
                        message += "; did you mean \"\(suggestion)\"?"
                    }
                    issues.append(.warning(.invalidValue, at: path.appending("flavor"), message))
                }
                checkNonEmpty(members, "url", at: path)
            case "image":
                checkNonEmpty(members, "url", at: path)
            case "footerButton", "inlineButton":
                if let value = members["value"]?.intValue { checkButtonValue(value, at: path.appending("value")) }
                checkFontSize(members, "buttonLabelSize", at: path)
            case "buttonCluster":
                if case .array(let buttons)? = members["values"] {
                    if buttons.isEmpty {
                        issues.append(.error(.invalidValue, at: path.appending("values"), "expected at least one button"))
                    }
                    for (index, button) in buttons.enumerated() {
                        if let value = button["value"]?.intValue {
                            checkButtonValue(value, at: path.appending("values").appending(index).appending("value"))
                        }
                    }
                }
            default:
                break
            }
        }

        /// A non-empty `id`, unique among the fields.
        mutating func checkID(_ members: JSONObject, at path: JSONPath) {
            guard case .string(let id)? = members["id"] else { return }
            if id.isEmpty {
                issues.append(.error(.invalidValue, at: path.appending("id"), "expected a non-empty id"))
            } else if let first = ids[id] {
                issues.append(.error(.duplicateID, at: path.appending("id"), "duplicate field id \"\(id)\"; first used at \(first)"))
            } else {
                ids[id] = path
            }
        }

        mutating func checkLabel(_ members: JSONObject, at path: JSONPath) {
            checkFontSize(members, "size", at: path)
        }

        /// A font size given as a string must hold a positive number.
        mutating func checkFontSize(_ members: JSONObject, _ key: String, at path: JSONPath) {
            if case .string(let text)? = members[key], FontSize.parse(text) == nil {
                issues.append(.error(.invalidValue, at: path.appending(key),
                                     "expected a font size (a positive number or a numeric string), got \(JSONValue.string(text).summary)"))
            }
        }

        /// `default` wins over `optional` (docs/notify.md#optional-and-default); a slider ignores
        /// `optional`.
        mutating func checkRequirement(_ type: String, _ members: JSONObject, at path: JSONPath) {
            guard members["optional"] != nil, type != "checkbox" else { return }
            if members["default"] != nil, Field.shapes[type]?.property("default") != nil {
                issues.append(.warning(.supersededKey, at: path.appending("optional"),
                                       "\"optional\" is ignored when \"default\" is given"))
            } else if members.string("flavor") == "slider", type == "inputInteger" || type == "inputReal" {
                issues.append(.warning(.supersededKey, at: path.appending("optional"), "\"optional\" is ignored for a slider"))
            }
        }

        mutating func checkNonEmpty(_ members: JSONObject, _ key: String, at path: JSONPath) {
            if case .string(let text)? = members[key], text.isEmpty {
                issues.append(.error(.invalidValue, at: path.appending(key), "expected a non-empty \(key)"))
            }
        }

        /// Button values are unique across all of the payload's buttons.
        mutating func checkButtonValue(_ value: Int, at path: JSONPath) {
            if let first = buttonValues[value] {
                issues.append(.error(.duplicateValue, at: path, "button value \(value) is already used at \(first)"))
            } else {
                buttonValues[value] = path
            }
        }

        /// `values` in one of the two forms, no value twice, `default` among them.
        mutating func checkChoices(_ members: JSONObject, at path: JSONPath) {
            guard case .array(let elements)? = members["values"] else { return }
            let valuesPath = path.appending("values")
            if elements.isEmpty {
                issues.append(.error(.invalidValue, at: valuesPath, "expected at least one value"))
                return
            }
            let labelled = elements.first?.objectValue != nil
            var seen: [JSONValue: JSONPath] = [:]
            var values: [JSONValue] = []
            for (index, element) in elements.enumerated() {
                let elementPath = valuesPath.appending(index)
                let value: JSONValue?
                switch element {
                case .string:
                    if labelled {
                        issues.append(.error(.typeMismatch, at: elementPath,
                                             "expected a {label, value} object like the first value, got \(element.summary)"))
                        continue
                    }
                    value = element
                case .object(let object):
                    if !labelled {
                        issues.append(.error(.typeMismatch, at: elementPath,
                                             "expected a string like the first value, got \(element.summary)"))
                        continue
                    }
                    value = object["value"].flatMap { member -> JSONValue? in
                        member.stringValue != nil || member.numberValue != nil ? member : Optional.none
                    }
                default:
                    value = nil    // reported by the shape check
                }
                guard let value else { continue }
                let valuePath = labelled ? elementPath.appending("value") : elementPath
                if let first = seen[value] {
                    issues.append(.error(.duplicateValue, at: valuePath, "duplicate value \(value.summary); first used at \(first)"))
                } else {
                    seen[value] = valuePath
                    values.append(value)
                }
            }
            if let value = members["default"], value.stringValue != nil || value.numberValue != nil, seen[value] == nil {
                issues.append(.error(.unknownOption, at: path.appending("default"),
                                     "default \(value.summary) is not one of the values: \(ValueList.text(values))"))
            }
        }

        /// `minValue` < `maxValue` (defaults 0 and 100), `default` within them.
        mutating func checkRange(_ members: JSONObject, at path: JSONPath) {
            let minimum = members.number("minValue") ?? Field.NumberInput.defaultMinValue
            let maximum = members.number("maxValue") ?? Field.NumberInput.defaultMaxValue
            guard minimum < maximum else {
                let key = members["minValue"] != nil ? "minValue" : "maxValue"
                issues.append(.error(.invalidRange, at: path.appending(key),
                                     "minValue \(JSONValue.format(number: minimum)) must be less than maxValue \(JSONValue.format(number: maximum))"))
                return
            }
            if let value = members.number("default"), value < minimum || value > maximum {
                issues.append(.error(.outOfRange, at: path.appending("default"),
                                     "default \(JSONValue.format(number: value)) is outside minValue…maxValue (\(JSONValue.format(number: minimum))…\(JSONValue.format(number: maximum)))"))
            }
        }

        mutating func checkDateTime(_ value: JSONValue?, at path: JSONPath) {
            if case .string(let text)? = value, !ISODateTime.isValid(text) {
                issues.append(.error(.invalidDateTime, at: path, ISODateTime.expectation(got: value ?? .null)))
            }
        }
    }
}

extension ISODateTime {
    /// The message for a value that is not an ISO date-time.
    static func expectation(got value: JSONValue) -> String {
        "expected an ISO 8601 date-time with an offset, e.g. \"1991-04-20T09:30-07:00\", got \(value.summary)"
    }
}
