import Foundation
import Testing
import XpediteClient
import XpediteProtocol

/// The rules of payload fields in the device's form (docs/notify.md#rules): visible fields and
/// computed values as the person types, hidden values kept but not submitted, computed values
/// submitted, and the checks the server makes.
@Suite struct PayloadFormRulesTests {
    static let inspection: JSONValue = ["responseTopic": "/inspections", "fields": [
        ["type": "droplist", "id": "state", "values": ["OK", "Needs service", "Broken"]],
        ["type": "inputString", "id": "fault", "optional": true, "showIf": "$state != 'OK'", "requiredIf": "$state == 'Broken'"],
        ["type": "inputInteger", "id": "adults", "minValue": 0, "maxValue": 50],
        ["type": "inputInteger", "id": "children", "minValue": 0, "maxValue": 50, "default": 0],
        ["type": "computed", "id": "total", "expression": "$adults + $children", "check": "$total <= 60", "checkMessage": "At most 60 people in all."],
    ]]
    static let clock = ExpressionClock("2026-11-27T16:45:00+01:00") ?? .system()

    static func form() throws -> PayloadForm {
        PayloadForm(source: .message("m1"), payload: try Payload(validating: inspection))
    }

    @Test func fieldsAppearAndDisappearAndTheTotalFollows() throws {
        var form = try Self.form()
        #expect(form.visibleFields(clock: Self.clock).compactMap(\.id) == ["state", "fault", "adults", "children", "total"])
        try form.set("state", "OK")
        #expect(form.visibleFields(clock: Self.clock).compactMap(\.id) == ["state", "adults", "children", "total"])
        #expect(form.computedValue("total", clock: Self.clock) == .null)
        try form.set("adults", "2")
        #expect(form.computedValue("total", clock: Self.clock) == .null)   // a text is no number
        try form.set("adults", 2)
        #expect(form.computedValue("total", clock: Self.clock) == 2)
        try form.set("children", 3)
        #expect(form.computedValue("total", clock: Self.clock) == 5)
        #expect(form.computedValue("adults", clock: Self.clock) == nil)
        try form.set("state", "Broken")
        #expect(form.rules(clock: Self.clock).required == ["fault"])
    }

    @Test func aHiddenValueIsKeptButNotSubmittedAndTheTotalIsSent() throws {
        var form = try Self.form()
        try form.set("state", "Broken")
        try form.set("fault", "leak")
        try form.set("adults", 2)
        try form.set("state", "OK")
        #expect(form.value("fault") == "leak")
        let report = form.check()
        #expect(report.issues == [])
        #expect(report.values == ["state": "OK", "adults": 2, "children": 0, "total": 2])
        try form.set("state", "Broken")
        #expect(form.check().values?["fault"] == "leak")
    }

    @Test func theServersRulesAreCheckedBeforeSubmitting() throws {
        var form = try Self.form()
        try form.set("state", "Broken")
        try form.set("adults", 50)
        try form.set("children", 20)
        let report = form.check()
        #expect(report.issues.map(\.description) == [
            "$.values.fault: a value is required: the field's requiredIf is true",
            "$.values.total: At most 60 people in all.",
        ])
    }

    @Test func aComputedFieldCannotBeSet() throws {
        var form = try Self.form()
        #expect(throws: DeviceError.self) { try form.set("total", 5) }
    }
}
