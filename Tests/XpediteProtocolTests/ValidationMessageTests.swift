import Testing
@testable import XpediteProtocol

/// The exact lines people read: path, then a sentence.
@Suite("Validation messages")
struct ValidationMessageTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var component: JSONValue
        var lines: [String]
        var testDescription: String { lines.first ?? "no issue" }
    }

    static let cases: [Case] = [
        Case(component: ["type": "label", "text": "t", "size": ["width%": "wide"]],
             lines: ["$.components[0].size.width%: expected a number, got \"wide\""]),
        Case(component: ["type": "buton", "text": "t"],
             lines: ["$.components[0].type: unknown component \"buton\"; did you mean \"button\"?"]),
        Case(component: ["type": "label"],
             lines: ["$.components[0]: label requires \"text\""]),
        Case(component: ["text": "t"],
             lines: ["$.components[0]: component requires \"type\""]),
        Case(component: ["type": "label", "text": "t", "colr": "#FFFFFF"],
             lines: ["$.components[0].colr: warning: unknown key \"colr\" in label; ignored; did you mean \"color\"?"]),
        Case(component: ["type": "button", "text": "t", "style": "buton"],
             lines: ["$.components[0].style: expected one of \"plain\", \"button\", got \"buton\"; did you mean \"button\"?"]),
        Case(component: ["type": "label", "text": "t", "color": "red"],
             lines: ["$.components[0].color: expected a colour \"#RRGGBB\", got \"red\""]),
        Case(component: ["type": "label", "text": "t", "color": "#fff"],
             lines: ["$.components[0].color: warning: colour \"#fff\" is accepted, but the protocol's form is \"#RRGGBB\""]),
        Case(component: ["type": "date", "name": "d", "value": "2025-02-30"],
             lines: ["$.components[0].value: expected a date \"yyyy-MM-dd\", got \"2025-02-30\""]),
        Case(component: ["type": "label", "text": "t", "size": ["x": 1, "x%": 10]],
             lines: ["$.components[0].size: \"x\" and \"x%\" both set the horizontal position; \"x\" wins, send only one"]),
        Case(component: ["type": "form", "save": ["function": "s"], "components": []],
             lines: ["$.components[0]: form with \"save\" requires an \"id\" (the key of its values in formdata)"]),
        Case(component: ["type": "menuEntry", "text": "m"],
             lines: ["$.components[0].type: menuEntry belongs in a navigation's components"]),
        Case(component: ["type": "button", "method": ["function": "f", "navigation": "push"]],
             lines: ["$.components[0].method.navigation: warning: navigation hint \"push\" is not defined; only \"root\" is, so it is ignored"]),
        Case(component: ["type": "select", "name": "s", "options": ["1": "a", "10": "b", "2": "c"]],
             lines: ["$.components[0].options: warning: option keys are numbers of different lengths and sort as text (\"1\", \"10\", \"2\"); zero-pad them"]),
        Case(component: ["type": "navigation", "effects": ["shade%": 150], "implementation": ["style": "slidefrom", "position": "left"]],
             lines: ["$.components[0].effects.shade%: expected a number from 0 to 100, got 150"]),
        Case(component: ["type": "navigation"],
             lines: ["$.components[0]: navigation requires \"implementation\" unless it is a cache stub {\"type\", \"id\"}"]),
        Case(component: ["type": "navigation", "id": "main-menu"], lines: []),
        Case(component: ["type": "image", "id": "logo", "size": ["width%": 40]],
             lines: ["$.components[0].size: warning: image sized by width only and loaded after rendering; the screen jumps when it arrives (give a height or load it \"critical\")"]),
    ]

    @Test("one component, its exact lines", arguments: cases)
    func lines(_ testCase: Case) {
        let report = PacketValidator().validate(["rc": 0, "components": [testCase.component]])
        #expect(report.issues.map(\.description) == testCase.lines)
    }

    @Test("every issue is collected, not just the first")
    func collectsAll() {
        let report = PacketValidator().validate([
            "rc": 0, "disposition": "permanent",
            "components": [
                ["type": "label", "id": "a", "text": "one"],
                ["type": "label", "id": "a", "text": 2],
                ["type": "form", "id": "f", "components": [["type": "textbox"]]],
                ["type": "textbox", "name": "f"],
                ["type": "image", "id": "logo", "size": ["height": 10]],
                ["type": "image", "id": "logo", "size": ["height": 10]],
            ],
        ])
        #expect(report.issues.map(\.description) == [
            "$.components[1].id: duplicate component id \"a\"; first used at $.components[0]",
            "$.components[1].text: expected a string, got 2",
            "$.components[2].components[0]: textbox requires \"name\"",
            "$.components[3].name: field name \"f\" equals the id of the form at $.components[2]; formdata[\"f\"] would be ambiguous",
            "$.disposition: disposition requires a page \"id\" (the cache key)",
        ])
    }

    @Test("rows whose width% adds up past 100, or to 100 with x+ gaps, warn")
    func rowOverflow() {
        let report = PacketValidator().validate(["rc": 0, "components": [
            ["type": "button", "text": "A", "size": ["width%": 50, "height": 44]],
            ["type": "button", "text": "B", "size": ["x+": 10, "width%": 50, "relative-height%": 100]],
            ["type": "button", "text": "C", "size": ["width%": 60, "height": 44]],
            ["type": "button", "text": "D", "size": ["x+": 0, "width%": 60]],
        ]])
        #expect(report.issues.map(\.description) == [
            "$.components[1].size: warning: the width% values of this row add up to 100 and x+ adds 10 points; the row overflows the screen",
            "$.components[3].size: warning: the width% values of this row add up to 120; the row overflows the screen",
        ])
    }

    @Test("requests: setConnection needs its fields, later requests a token")
    func requests() throws {
        let connection = PacketValidator().validate(["method": "setConnection", "bounds": "393x852"])
        #expect(connection.kind == .request)
        #expect(connection.issues.map(\.description) == [
            "$: setConnection requires \"bundleID\"",
            "$: setConnection requires \"uuid\"",
            "$: setConnection requires \"xpediteVersion\"",
            "$.bounds: expected bounds \"(x, y, width, height)\", got \"393x852\"",
        ])
        let later = PacketValidator().validate(["method": "home", "limit": 0, "customerId": "7"])
        #expect(later.issues.map(\.description) == [
            "$: a request after setConnection requires \"token\"",
            "$.customerId: warning: unknown key \"customerId\" in request; servers read it as a top-level argument (old dialect)",
            "$.limit: expected a positive integer, got 0",
        ])
    }

    @Test("a setConnection reply needs version and token")
    func connectionReply() {
        let validator = PacketValidator(options: ValidationOptions(isConnectionReply: true))
        let report = validator.validate(["rc": 0, "components": []])
        #expect(report.issues.map(\.description) == [
            "$: a setConnection reply requires \"token\"",
            "$: a setConnection reply requires \"version\"",
        ])
    }
}
