/// Checks what a user submitted against the payload it answers (docs/notify.md) and
/// completes the values: required values present, an absent optional value `null`, an absent
/// defaulted value its default, each value of its field's type, numbers in range, choices among
/// the values, ISO dates and date-times, locations, media as document names, and `submitValue`
/// among the payload's button values. Every issue carries its path, one issue per value at
/// `$.values.<id>` (docs/notify-api.md#device-routes).
public struct ResponseValidator: Sendable {
    /// The document names the answering user may cite (the ones they uploaded); `nil` checks only
    /// the form of a document name (`rcs/image/<name>`).
    public var knownDocuments: Set<String>?
    /// Local references a device gives, in place of document names, for media it has captured
    /// but not uploaded yet, each with the kind of document it stands for (`image`, `audio`,
    /// `video`): accepted for a media field of that kind. The device's own check only; empty on
    /// the server (the default), where only document names pass.
    public var pendingDocuments: [String: String]
    /// The clock the rules' `today()` and `now()` read (docs/notify.md#rules); `nil`: this
    /// device's clock at the time of the check.
    public var clock: ExpressionClock?

    /// Creates a validator.
    public init(knownDocuments: Set<String>? = nil, pendingDocuments: [String: String] = [:], clock: ExpressionClock? = nil) {
        self.knownDocuments = knownDocuments
        self.pendingDocuments = pendingDocuments
        self.clock = clock
    }

    /// Checks a whole response object: its structure, that `responseTopic` and `state` are the
    /// payload's, then `values` and `submitValue` as ``validateSubmission(_:against:)`` does.
    public func validate(_ value: JSONValue, against payload: Payload) -> ResponseReport {
        guard case .object(let members) = value else {
            return ResponseReport(issues: [.error(.typeMismatch, at: .root, "expected a response object, got \(value.summary)")])
        }
        var checker = ShapeChecker()
        checker.checkRoot(members, against: ResponseObject.envelopeShape)
        var issues = checker.issues
        if case .string(let topic)? = members["responseTopic"], topic != payload.responseTopic {
            issues.append(.error(.invalidValue, at: JSONPath.root.appending("responseTopic"),
                                 "expected the payload's topic \"\(payload.responseTopic)\", got \(JSONValue.string(topic).summary)"))
        }
        switch (members["state"], payload.state) {
        case (let sent?, let state?) where sent != state:
            issues.append(.error(.invalidValue, at: JSONPath.root.appending("state"), "expected the payload's state, unchanged"))
        case (_?, nil):
            issues.append(.error(.invalidValue, at: JSONPath.root.appending("state"), "the payload has no state to pass through"))
        case (nil, _?):
            issues.append(.error(.missingKey, at: .root, "response object requires \"state\": the payload has one"))
        default:
            break
        }
        var report = validateSubmission(value, against: payload)
        report.issues = (issues + report.issues).sortedByPath()
        if report.issues.hasErrors {
            report.values = nil
            report.submitValue = nil
        }
        return report
    }

    /// Checks a submission: the `values` and `submitValue` members of `value` (a device's
    /// response body or a response object); other members are not looked at.
    ///
    /// - Parameter rules: the payload's rules compiled before (`PayloadRules(fields: payload.fields ?? [])`),
    ///   so that a server checking many answers to one payload compiles them once; `nil` compiles them now.
    public func validateSubmission(_ value: JSONValue, against payload: Payload, rules: PayloadRules? = nil) -> ResponseReport {
        guard case .object(let members) = value else {
            return ResponseReport(issues: [.error(.typeMismatch, at: .root, "expected a response object, got \(value.summary)")])
        }
        guard let fields = payload.fields else {
            return ResponseReport(issues: [.error(.invalidValue, at: .root,
                "the payload names \"\(payload.payloadName ?? "")\"; resolve it before checking responses against it")])
        }
        var issues: [ValidationIssue] = []
        let submitValue = checkSubmitValue(members["submitValue"], payload: payload, issues: &issues)
        let valuesPath = JSONPath.root.appending("values")
        let sent: JSONObject
        switch members["values"] {
        case .object(let object)?: sent = object
        case let other?:
            issues.append(.error(.typeMismatch, at: valuesPath, "expected an object, got \(other.summary)"))
            return ResponseReport(issues: issues.sortedByPath())
        case nil:
            // Without `values` there is nothing to check them against; one issue says so.
            issues.append(.error(.missingKey, at: .root, "response requires \"values\""))
            return ResponseReport(issues: issues.sortedByPath())
        }
        var completed = JSONObject()
        var inputIDs: [String] = []
        let rules = rules ?? PayloadRules(fields: fields)
        // With rules, each value is looked up and checked once, before the rules read it, and the
        // fields are then asked about by position (decision 0605).
        let (evaluation, looked) = rules.isEmpty ? (nil, []) : evaluate(rules, fields: fields, sent: sent)
        for (index, field) in fields.enumerated() {
            guard let requirement = field.requirement, let id = field.id else { continue }
            inputIDs.append(id)
            let known = looked.indices.contains(index) ? looked[index] : nil
            let path = valuesPath.appending(id)
            // `null` means "no data entered" (docs/notify.md#optional-and-default), the same as an
            // absent value.
            let given: JSONValue? = if let known { known.given } else if let value = sent[id], !value.isNull { value } else { nil }
            let position = evaluation == nil ? nil : rules.position(ofField: index, id: id)
            if let evaluation, !(position.map(evaluation.isShown(at:)) ?? true) {
                // A hidden field is neither sent nor completed (docs/notify.md#rules).
                if let given {
                    issues.append(.error(.hiddenValue, at: path, "the field is hidden (its showIf is not true): send no value, got \(given.summary)"))
                }
                continue
            }
            let before = issues.count
            if case .computed = field {
                // The server's value is the value (docs/notify.md#rules); one sent must be the same.
                let value = position.flatMap { evaluation?.value(at: $0).json } ?? .null
                if let sentValue = sent[id], !Self.matches(sentValue, computed: value) {
                    issues.append(.error(.computedMismatch, at: path, "expected the computed value \(value.summary), got \(sentValue.summary)"))
                } else {
                    completed[id] = value
                }
            } else if let given {
                if let checked = known?.checked {
                    completed[id] = checked    // checked before the rules read it, without issues
                } else if let value = check(given, for: field, at: path, issues: &issues) {
                    completed[id] = value
                }
            } else if let evaluation, let position, rules.hasRequiredIf(at: position) {
                // `requiredIf` decides: required when true, otherwise the field may be left empty.
                if evaluation.isRequired(at: position) {
                    issues.append(.error(.missingValue, at: path, "a value is required: the field's requiredIf is true"))
                } else if case .defaulted(let value) = requirement {
                    completed[id] = completion(value, for: field)
                } else {
                    completed[id] = .null
                }
            } else {
                switch requirement {
                case .required:
                    issues.append(.error(.missingValue, at: path, "a value is required: the field has no default and is not optional"))
                case .defaulted(let value):
                    completed[id] = completion(value, for: field)
                case .optional:
                    completed[id] = .null
                }
            }
            if issues.count == before, let evaluation, let position, evaluation.failedCheck(at: position) {
                let check = rules.checkDescription(at: position)
                let message = check.message ?? "the value fails the field's check \(JSONValue.string(check.check).summary)"
                issues.append(.error(.checkFailed, at: path, message))
            }
        }
        for (key, _) in sent where !inputIDs.contains(key) {
            var message = "unknown value \"\(key)\": no input field has this id"
            if let suggestion = Suggestion.closest(to: key, in: inputIDs) { message += "; did you mean \"\(suggestion)\"?" }
            issues.append(.error(.unknownKey, at: valuesPath.appending(key), message))
        }
        let valid = !issues.hasErrors
        return ResponseReport(issues: issues.sortedByPath(), values: valid ? completed : nil, submitValue: valid ? submitValue : nil)
    }

    /// Whether a device sent the computed `value`. A number is also compared after the trip
    /// through JSON text the sent one made: Foundation's parser on Linux may read a long decimal
    /// (`0.30000000000000004`) one unit in the last place off, and the device wrote the shortest
    /// text of its double, as `CanonicalJSON` does.
    static func matches(_ sent: JSONValue, computed value: JSONValue) -> Bool {
        if sent == value { return true }
        guard case .number = value else { return false }
        do {
            return try JSONValue(parsing: CanonicalJSON.data(value)) == sent
        } catch {
            return false    // never: CanonicalJSON writes JSON; a value that is not JSON is not the sent one
        }
    }

    /// A defaulted field's value when none is given: its default (a location in the simple form).
    private func completion(_ value: JSONValue, for field: Field) -> JSONValue {
        field.type == "map" ? (Location(json: value)?.json ?? value) : value
    }

    /// One input field's value as sent, looked up once and checked once (with rules).
    private struct LookedUp {
        /// The value sent, when not `null`.
        var given: JSONValue?
        /// The given value as completed by ``check(_:for:at:issues:)`` when it has no issue; `nil`
        /// otherwise (checked again where its issues are reported).
        var checked: JSONValue?
    }

    /// The rules evaluated against the values as the form holds them: each given value that is of
    /// its field's type, the default of an absent defaulted field; with each input field's value
    /// as looked up and checked, by the field's index (one lookup and one check per valid value).
    private func evaluate(_ rules: PayloadRules, fields: [Field], sent: JSONObject) -> (RuleEvaluation?, [LookedUp?]) {
        // By position among the rules' fields: a field's value is read by its index, nothing is
        // hashed (decision 0605). A later field with the same id takes the place of an earlier one.
        var inputs = [ExpressionValue](repeating: .null, count: rules.count)
        var looked = [LookedUp?](repeating: nil, count: fields.count)
        for (index, field) in fields.enumerated() {
            guard let requirement = field.requirement, let id = field.id else { continue }
            let position = rules.position(ofField: index, id: id)
            if let given = sent[id], !given.isNull {
                var issues: [ValidationIssue] = []    // reported by the main pass, at the value's path
                let checked = check(given, for: field, at: .root, issues: &issues)
                looked[index] = LookedUp(given: given, checked: issues.isEmpty ? checked : nil)
                if let position { inputs[position] = rules.value(of: checked ?? .null, at: position) }
            } else {
                looked[index] = LookedUp(given: nil, checked: nil)
                if case .defaulted(let value) = requirement, let position {
                    inputs[position] = rules.value(of: completion(value, for: field), at: position)
                }
            }
        }
        // The device's clock is read only for rules that call today() or now(): reading it (a
        // calendar's date components) costs more than evaluating most rules.
        let evaluation = rules.evaluate(input: { inputs[$0] }, clock: clock ?? (rules.readsClock ? .system() : .epoch))
        return (evaluation, looked)
    }

    private func checkSubmitValue(_ value: JSONValue?, payload: Payload, issues: inout [ValidationIssue]) -> Int? {
        let path = JSONPath.root.appending("submitValue")
        guard let value else {
            issues.append(.error(.missingKey, at: .root, "response requires \"submitValue\""))
            return nil
        }
        guard let number = value.intValue else {
            issues.append(.error(.typeMismatch, at: path, "expected an integer, got \(value.summary)"))
            return nil
        }
        let buttons = payload.buttonValues
        if buttons.isEmpty, number != 0 {
            issues.append(.error(.invalidValue, at: path,
                                 "expected 0 (the automatic Submit: the payload has no buttons of its own), got \(number)"))
            return nil
        }
        if !buttons.isEmpty, !buttons.contains(number) {
            let list = buttons.map(String.init).joined(separator: ", ")
            issues.append(.error(.invalidValue, at: path, "expected one of the payload's button values \(list), got \(number)"))
            return nil
        }
        return number
    }

    /// Checks one given (non-null) value; returns it as completed, or `nil` with its issues.
    private func check(_ value: JSONValue, for field: Field, at path: JSONPath, issues: inout [ValidationIssue]) -> JSONValue? {
        func fail(_ code: IssueCode, _ message: String) -> JSONValue? {
            issues.append(.error(code, at: path, message))
            return nil
        }
        switch field {
        case .audio: return document(value, kind: "audio", at: path, issues: &issues)
        case .camera, .markupImage: return document(value, kind: "image", at: path, issues: &issues)
        case .video: return document(value, kind: "video", at: path, issues: &issues)
        case .barcode, .inputString:
            return value.stringValue != nil ? value : fail(.typeMismatch, "expected a string, got \(value.summary)")
        case .checkbox:
            return value.boolValue != nil ? value : fail(.typeMismatch, "expected a boolean, got \(value.summary)")
        case .date:
            guard case .string(let text) = value else { return fail(.typeMismatch, "expected a date \"yyyy-MM-dd\", got \(value.summary)") }
            return CalendarDate.isValid(text) ? value : fail(.invalidDate, "expected a date \"yyyy-MM-dd\", got \(value.summary)")
        case .datetime, .currentDateTime:
            guard case .string(let text) = value else { return fail(.typeMismatch, ISODateTime.expectation(got: value)) }
            return ISODateTime.isValid(text) ? value : fail(.invalidDateTime, ISODateTime.expectation(got: value))
        case .currentLocation, .map:
            // One issue per value (docs/notify-api.md#device-routes): the first problem, located
            // inside the value by its relative path ("longitude: …").
            guard let first = Location.issues(value, at: path).errors.sortedByPath().first else { return Location(json: value)?.json }
            var inside = JSONPath(steps: Array(first.path.steps.dropFirst(path.steps.count))).description.dropFirst()
            if inside.hasPrefix(".") { inside = inside.dropFirst() }
            issues.append(.error(first.code, at: path, inside.isEmpty ? first.message : "\(inside): \(first.message)"))
            return nil
        case .droplist(let choice), .radioButtons(let choice):
            if choice.contains(value) { return value }
            return fail(.unknownOption, "expected one of \(ValueList.text(choice.values.map(\.value))), got \(value.summary)")
        case .inputInteger(let input), .inputReal(let input):
            let integer = field.type == "inputInteger"
            guard let number = value.numberValue, !integer || value.intValue != nil else {
                return fail(.typeMismatch, "expected \(integer ? "an integer" : "a number"), got \(value.summary)")
            }
            guard number >= input.resolvedMinValue, number <= input.resolvedMaxValue else {
                return fail(.outOfRange, "expected a number from \(JSONValue.format(number: input.resolvedMinValue)) to \(JSONValue.format(number: input.resolvedMaxValue)), got \(value.summary)")
            }
            return value
        case .buttonCluster, .computed, .dashboard, .document, .footerButton, .image, .inlineButton, .sectionLabel, .text, .unknown:
            return value    // not input fields, or computed (checked by the rules): never reached
        }
    }

    /// A media value: the name of a document of `kind` (`rcs/<kind>/<name>`), one the user may cite;
    /// or a local reference among ``pendingDocuments`` to media of `kind`.
    private func document(_ value: JSONValue, kind: String, at path: JSONPath, issues: inout [ValidationIssue]) -> JSONValue? {
        let prefix = "rcs/\(kind)/"
        if case .string(let reference) = value, let pendingKind = pendingDocuments[reference] {
            guard pendingKind == kind else {
                issues.append(.error(.invalidValue, at: path,
                                     "expected a document name \"\(prefix)…\" or pending \(kind) media, got \(value.summary), pending \(pendingKind) media"))
                return nil
            }
            return value
        }
        guard case .string(let name) = value, name.hasPrefix(prefix), name.count > prefix.count else {
            issues.append(.error(value.stringValue == nil ? .typeMismatch : .invalidValue, at: path,
                                 "expected a document name \"\(prefix)…\", got \(value.summary)"))
            return nil
        }
        if let knownDocuments, !knownDocuments.contains(name) {
            issues.append(.error(.invalidValue, at: path, "no document \"\(name)\" was uploaded by this user"))
            return nil
        }
        return value
    }
}
