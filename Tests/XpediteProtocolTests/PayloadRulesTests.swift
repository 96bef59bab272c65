import Foundation
import Testing
@testable import XpediteProtocol

/// The rules of payload fields (docs/notify.md#rules): `showIf`, `requiredIf`, `check` with
/// `checkMessage`, and `computed` fields — refused at their attribute's path with the column when
/// they cannot work, and applied to responses.
@Suite("Payload rules")
struct PayloadRulesTests {
    static func issues(_ fields: [JSONValue]) -> [ValidationIssue] {
        PayloadValidator().validate(["responseTopic": "/a/b/c", "fields": .array(fields)]).issues
    }

    static func errors(_ fields: [JSONValue]) -> [String] {
        issues(fields).errors.map(\.description)
    }

    static func clock() throws -> ExpressionClock {
        try #require(ExpressionClock("2026-11-27T16:45:00+01:00"))
    }

    @Test("a payload with every attribute validates, and keeps them through the canonical round trip")
    func valid() throws {
        let data = try Fixtures.data("notify/valid", "rules-inspection.json")
        let report = try PayloadValidator().validate(data)
        #expect(report.issues == [])
        let payload = try #require(report.payload)
        guard case .camera(let camera)? = payload.fields?[1] else { Issue.record("not a camera"); return }
        #expect(camera.rules == Field.Rules(showIf: "$state != 'OK'", requiredIf: "$state == 'Broken'"))
        guard case .computed(let total)? = payload.fields?[4] else { Issue.record("not computed"); return }
        #expect(total.expression == "$adults + $children")
        #expect(total.rules.checkMessage == "At most 60 people in all.")
        let again = try #require(PayloadValidator().validate(payload.json).payload)
        #expect(again == payload)
        #expect(payload.inputFields.compactMap(\.id) == ["state", "photo", "adults", "children", "total", "opened", "closed", "notes"])
    }

    @Test("a syntax error, an unknown field, a type that cannot work: at the attribute's path, with the column")
    func invalidExpressions() {
        let issues = Self.issues([
            ["type": "camera", "id": "photo", "check": "$photo > 3"],
            ["type": "inputInteger", "id": "count", "showIf": "$cuont > 1"],
            ["type": "inputString", "id": "name", "requiredIf": "len($name) >"],
        ]).errors
        #expect(issues.map(\.path.description) == ["$.fields[0].check", "$.fields[1].showIf", "$.fields[2].requiredIf"])
        #expect(issues.map(\.code) == [.invalidExpression, .invalidExpression, .invalidExpression])
        #expect(issues.map(\.column) == [8, 1, 13])
        #expect(issues[0].message == "column 8: > cannot take a document and a number")
        #expect(issues[1].message == "column 1: unknown field $cuont: no input field has this id")
    }

    @Test("showIf, requiredIf and check are true or false; a computed field is not a document or a location")
    func resultTypes() {
        #expect(Self.errors([
            ["type": "inputInteger", "id": "n", "showIf": "  $m + 1"],
            ["type": "inputInteger", "id": "m"],
            ["type": "camera", "id": "photo"],
            ["type": "computed", "id": "c", "expression": "if(true, $photo, null)"],
            ["type": "computed", "id": "d", "expression": "$n * 2", "check": "$d > 'x'"],
        ]) == [
            "$.fields[0].showIf: column 3: expected true or false, got a number",
            "$.fields[3].expression: column 1: a computed field gives a number, a text, a boolean, a date or a date-time, not a document",
            "$.fields[4].check: column 4: > cannot take a number and a text",
        ])
    }

    @Test("a computed field is typed by its expression, for the fields that read it")
    func computedTypes() {
        #expect(Self.errors([
            ["type": "inputInteger", "id": "a"],
            ["type": "computed", "id": "sum", "expression": "$a + $twice"],
            ["type": "computed", "id": "twice", "expression": "$a * 2"],
            ["type": "computed", "id": "label", "expression": "'n = ' + $sum"],
            ["type": "inputString", "id": "s", "showIf": "$sum > 3 and len($label) > 0"],
        ]) == ["$.fields[3].expression: column 8: + cannot take a text and a number"])
    }

    @Test("circles through showIf and computed expressions are refused where they close; a check may read its own field")
    func cycles() throws {
        let data = try Fixtures.data("notify/invalid", "rules-cycle.json")
        let errors = try PayloadValidator().validate(data).issues.errors
        #expect(errors.map(\.path.description) == ["$.fields[1].showIf", "$.fields[3].expression", "$.fields[4].showIf"])
        #expect(errors.allSatisfy { $0.code == .expressionCycle })
        #expect(errors.map(\.column) == [11, 10, 1])
        #expect(errors[0].message.hasSuffix("\"a\" → \"b\" → \"a\""))
    }

    @Test("rules on a display field are unknown keys; a computed field has no requiredIf and needs its expression")
    func keys() {
        #expect(Self.issues([["type": "text", "label": "Hi", "showIf": "true"]]).map(\.code) == [.unknownKey])
        #expect(Self.issues([["type": "computed", "id": "c", "expression": "1", "requiredIf": "true"]]).map(\.code) == [.unknownKey])
        #expect(Self.errors([["type": "computed", "id": "c"]]) == [#"$.fields[0]: computed requires "expression""#])
        #expect(Self.errors([["type": "inputString", "id": "s", "showIf": true]]).count == 1)
    }

    @Test("a 10,000-character expression and one nested 1,000 deep are refused at once")
    func limits() {
        let started = ContinuousClock.now
        let long = Self.issues([["type": "inputString", "id": "s", "check": .string(String(repeating: "1+", count: 5000) + "1")]])
        let deep = Self.issues([["type": "inputString", "id": "s", "check": .string(String(repeating: "(", count: 1000) + "1" + String(repeating: ")", count: 1000))]])
        let nested = Self.issues([["type": "inputString", "id": "s", "check": .string(String(repeating: "(", count: 999) + "1")]])
        #expect(long.map(\.column) == [1001])
        #expect(deep.map(\.column) == [1001])
        #expect(nested.map(\.column) == [33])
        #expect(nested.first?.message.contains("nested more than 32 deep") == true)
        #expect(ContinuousClock.now - started < .seconds(1))
    }

    // MARK: - Responses

    static func payload() throws -> Payload {
        try Payload(validating: try Fixtures.data("notify/valid", "rules-inspection.json"))
    }

    static func check(_ values: JSONObject) throws -> ResponseReport {
        ResponseValidator(clock: try clock()).validateSubmission(["submitValue": 0, "values": .object(values)], against: try payload())
    }

    @Test("a hidden field's value is refused at its path; left out, the field is not in the completed values")
    func hidden() throws {
        let refused = try Self.check(["state": "OK", "photo": "rcs/image/a.jpg", "adults": 2, "opened": "2026-11-02"])
        #expect(refused.issues.map(\.description) == [
            #"$.values.photo: the field is hidden (its showIf is not true): send no value, got "rcs/image/a.jpg""#,
        ])
        #expect(refused.issues.map(\.code) == [.hiddenValue])
        let accepted = try Self.check(["state": "OK", "photo": .null, "adults": 2, "opened": "2026-11-02"])
        #expect(accepted.issues == [])
        #expect(accepted.values?["photo"] == nil)
        #expect(Set(accepted.values?.keys.map { $0 } ?? []) == ["state", "adults", "children", "total", "opened", "closed", "notes"])
    }

    @Test("requiredIf: required when true, may be left empty when not, whatever optional says")
    func requiredIf() throws {
        let broken = try Self.check(["state": "Broken", "adults": 2, "opened": "2026-11-02"])
        #expect(broken.issues.map(\.description) == ["$.values.photo: a value is required: the field's requiredIf is true"])
        #expect(broken.issues.map(\.code) == [.missingValue])
        let service = try Self.check(["state": "Needs service", "adults": 2, "opened": "2026-11-02"])
        #expect(service.issues == [])
        #expect(service.values?["photo"] == .null)
        let required = ResponseValidator().validateSubmission(
            ["submitValue": 0, "values": ["flag": false]],
            against: try Payload(validating: ["responseTopic": "/a", "fields": [
                ["type": "checkbox", "id": "flag"],
                ["type": "inputString", "id": "why", "requiredIf": "$flag"],
            ]]))
        #expect(required.issues == [])
        #expect(required.values?["why"] == .null)
    }

    @Test("a failed check is refused with its checkMessage; a check that is null passes")
    func checks() throws {
        let before = try Self.check(["state": "OK", "adults": 2, "opened": "2026-11-02", "closed": "2026-11-01"])
        #expect(before.issues.map(\.description) == ["$.values.closed: The closing date cannot come before the opening date."])
        #expect(before.issues.map(\.code) == [.checkFailed])
        let many = try Self.check(["state": "OK", "adults": 50, "children": 20, "opened": "2026-11-02",
                                   "notes": "A note longer than twenty characters"])
        #expect(many.issues.map(\.description) == ["$.values.notes: Notes are at most 20 characters.",
                                                   "$.values.total: At most 60 people in all."])
        let empty = try Self.check(["state": "OK", "adults": 2, "opened": "2026-11-02"])
        #expect(empty.issues == [])
        let plain = ResponseValidator().validateSubmission(["submitValue": 0, "values": ["n": 3]], against: try Payload(validating: [
            "responseTopic": "/a", "fields": [["type": "inputInteger", "id": "n", "check": "$n > 5"]]]))
        #expect(plain.issues.map(\.description) == [#"$.values.n: the value fails the field's check "$n > 5""#])
    }

    @Test("a computed value other than the evaluated one is refused; left out, it is filled in")
    func computed() throws {
        let wrong = try Self.check(["state": "OK", "adults": 2, "children": 1, "total": 4, "opened": "2026-11-02"])
        #expect(wrong.issues.map(\.description) == ["$.values.total: expected the computed value 3, got 4"])
        #expect(wrong.issues.map(\.code) == [.computedMismatch])
        let right = try Self.check(["state": "OK", "adults": 2, "children": 1, "total": 3, "opened": "2026-11-02"])
        #expect(right.issues == [])
        let filled = try Self.check(["state": "OK", "adults": 2, "opened": "2026-11-02"])
        #expect(filled.values?["total"] == 2)
        let nullSent = try Self.check(["state": "OK", "adults": 2, "total": .null, "opened": "2026-11-02"])
        #expect(nullSent.issues.map(\.code) == [.computedMismatch])
    }

    @Test("today() reads the clock passed in; a computed date-time and a hidden chain")
    func clockAndChains() throws {
        let payload = try Payload(validating: ["responseTopic": "/a", "fields": [
            ["type": "date", "id": "due", "check": "$due >= today()", "checkMessage": "Not in the past."],
            ["type": "checkbox", "id": "more"],
            ["type": "inputString", "id": "what", "showIf": "$more", "optional": true],
            ["type": "inputString", "id": "detail", "showIf": "not empty($what)", "optional": true],
            ["type": "computed", "id": "late", "expression": "days(today(), $due) < 3"],
        ]])
        let validator = ResponseValidator(clock: try Self.clock())
        let past = validator.validateSubmission(["submitValue": 0, "values": ["due": "2026-11-26", "more": false]], against: payload)
        #expect(past.issues.map(\.description) == ["$.values.due: Not in the past."])
        let chain = validator.validateSubmission(["submitValue": 0, "values": ["due": "2026-11-28", "more": false, "detail": "x"]],
                                                 against: payload)
        #expect(chain.issues.map(\.code) == [.hiddenValue])
        let shown = validator.validateSubmission(["submitValue": 0, "values": ["due": "2026-12-28", "more": true, "what": "a", "detail": "x"]],
                                                 against: payload)
        #expect(shown.issues == [])
        #expect(shown.values?["late"] == false)
        let rules = PayloadRules(fields: payload.fields ?? [])
        let state = rules.evaluate(values: ["due": "2026-11-28", "more": true], clock: try Self.clock())
        #expect(state.hidden == ["detail"])
        #expect(state.values["late"]?.json == true)
    }

    @Test("the rules say whether they read the clock; without a clock passed in, a check of today() reads the device's")
    func readsClock() throws {
        func rules(_ fields: JSONValue) throws -> PayloadRules {
            PayloadRules(fields: try Payload(validating: ["responseTopic": "/a", "fields": fields]).fields ?? [])
        }
        #expect(try rules([["type": "date", "id": "due", "check": "$due >= today()"]]).readsClock)
        #expect(try rules([["type": "datetime", "id": "at"], ["type": "computed", "id": "x", "expression": "days($at, now())"]]).readsClock)
        #expect(try !rules([["type": "date", "id": "due", "check": "days($due, '2026-01-01') > 0"]]).readsClock)
        // No clock given: the device's (a date far in the past fails today's check, one far ahead passes).
        let payload = try Payload(validating: ["responseTopic": "/a", "fields": [["type": "date", "id": "due", "check": "$due >= today()"]]])
        let live = ResponseValidator()
        #expect(live.validateSubmission(["submitValue": 0, "values": ["due": "1971-01-01"]], against: payload).issues.map(\.code) == [.checkFailed])
        #expect(live.validateSubmission(["submitValue": 0, "values": ["due": "2999-01-01"]], against: payload).issues == [])
        // Rules compiled before and handed in give the same report.
        let compiled = PayloadRules(fields: payload.fields ?? [])
        #expect(live.validateSubmission(["submitValue": 0, "values": ["due": "1971-01-01"]], against: payload, rules: compiled).issues.map(\.code)
                == [.checkFailed])
    }

    @Test("payloads without rules are checked as before")
    func noRules() throws {
        #expect(PayloadRules(fields: try Payload(validating: try Fixtures.data("notify/valid", "every-field.json")).fields ?? []).isEmpty)
    }
}

/// The clock expressions read (docs/notify.md#expressions): passed in, with the offset of the place.
@Suite("Expression clock")
struct ExpressionClockTests {
    @Test("a fixed clock: now() is the instant, today() its date at the offset")
    func fixed() throws {
        let clock = try #require(ExpressionClock("2027-01-01T01:00:00+14:00"))
        #expect(clock.today.json == "2027-01-01")
        #expect(clock.now.json == "2027-01-01T01:00:00+14:00")
        #expect(clock.now.equals(.string("2026-12-31T11:00:00Z")))
        #expect(ExpressionClock("2027-01-01") == nil)
        #expect(ExpressionClock("2027-01-01T01:00:00") == nil)
    }

    @Test("the system clock at a moment in a time zone: the local date and time with its offset")
    func system() throws {
        let moment = Date(timeIntervalSince1970: 1_795_794_300)    // 2026-11-27T15:45:00Z
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let hawaii = try #require(TimeZone(secondsFromGMT: -10 * 3600))
        #expect(ExpressionClock.system(moment, timeZone: paris).now.json == "2026-11-27T16:45:00+01:00")
        #expect(ExpressionClock.system(moment, timeZone: paris).today.json == "2026-11-27")
        let honolulu = ExpressionClock.system(moment, timeZone: hawaii)
        #expect(honolulu.now.json == "2026-11-27T05:45:00-10:00")
        #expect(honolulu.now.equals(ExpressionClock.system(moment, timeZone: paris).now))
    }
}
