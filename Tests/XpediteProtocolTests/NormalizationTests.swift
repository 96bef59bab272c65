import Testing
@testable import XpediteProtocol

/// The old dialect and PHP quirks are rewritten into the new dialect exactly as
/// docs/protocol/versions.md#how-a-phone-normalises-an-answer orders it.
@Suite("Dialect normalisation")
struct NormalizationTests {
    /// A response holding one component; returns the normalised component.
    static func normalise(_ component: JSONValue, images: JSONValue? = nil) -> JSONValue? {
        var packet: [String: JSONValue] = ["rc": 0, "components": [component]]
        if let images { packet["images"] = images }
        let report = PacketValidator().validate(.object(packet))
        return report.normalized["components"]?.arrayValue?.first
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var old: JSONValue
        var new: JSONValue
        var images: JSONValue?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "button method string",
             old: ["type": "button", "text": "Okay", "method": "setOkay"],
             new: ["type": "button", "text": "Okay", "method": ["function": "setOkay"]]),
        Case(name: "form save/cancel strings send formdata",
             old: ["type": "form", "id": "f", "save": "saveCustomer", "cancel": "showCustomer", "components": []],
             new: ["type": "form", "id": "f", "save": ["function": "saveCustomer", "formdata": true],
                   "cancel": ["function": "showCustomer", "formdata": true], "components": []]),
        Case(name: "colour becomes color, fontsize string a number",
             old: ["type": "label", "text": "Hi", "colour": "#FF0000", "fontsize": "16"],
             new: ["type": "label", "text": "Hi", "color": "#FF0000", "fontsize": 16]),
        Case(name: "checkbox true becomes \"1\"",
             old: ["type": "checkbox", "name": "c", "value": true],
             new: ["type": "checkbox", "name": "c", "value": "1"]),
        Case(name: "checkbox \"false\" becomes \"0\"",
             old: ["type": "checkbox", "name": "c", "value": "false"],
             new: ["type": "checkbox", "name": "c", "value": "0"]),
        Case(name: "old select values become the selection",
             old: ["type": "select", "name": "s", "options": ["1": "A", "2": "B", "3": "C"],
                   "values": ["1": false, "2": true, "3": false]],
             new: ["type": "select", "name": "s", "options": ["1": "A", "2": "B", "3": "C"], "value": "2"]),
        Case(name: "old multi-select values become an array",
             old: ["type": "select", "name": "s", "multi": true, "options": ["1": "A", "2": "B", "3": "C"],
                   "values": ["1": true, "2": false, "3": true]],
             new: ["type": "select", "name": "s", "multi": true, "options": ["1": "A", "2": "B", "3": "C"],
                   "value": ["1", "3"]]),
        Case(name: "options array becomes a dict keyed by index",
             old: ["type": "radio", "name": "r", "options": ["Male", "Female"]],
             new: ["type": "radio", "name": "r", "options": ["0": "Male", "1": "Female"]]),
        Case(name: "image name resolved against the images folder",
             old: ["type": "image", "name": "logo.png"],
             new: ["type": "image", "url": "https://my.app/resources/images/logo.png"],
             images: ["url": "https://my.app/resources/images", "type": "image"]),
        Case(name: "image name kept without a folder",
             old: ["type": "image", "name": "logo.png"],
             new: ["type": "image", "name": "logo.png"]),
        Case(name: "old navigation becomes implementation + menuEntry",
             old: ["type": "navigation", "slidefrom": "right", "button": ["position": "left", "icon": "hamburger.png"],
                   "data": [["text": "Help", "method": "callHelp"]]],
             new: ["type": "navigation",
                   "implementation": ["style": "slidefrom", "position": "right",
                                      "image": "https://my.app/img/hamburger.png"],
                   "components": [["type": "menuEntry", "text": "Help", "method": ["function": "callHelp"]]]],
             images: ["url": "https://my.app/img/", "type": "image"]),
        Case(name: "old navigation button position when no slidefrom",
             old: ["type": "navigation", "button": ["position": "right"], "data": []],
             new: ["type": "navigation", "implementation": ["style": "slidefrom", "position": "right"],
                   "components": []]),
        Case(name: "table cell display becomes one column; section dropped; clickRow string",
             old: ["type": "table", "data": ["dynamic": "list"], "cell": ["display": "CustomerName"],
                   "section": "x", "clickRow": "selectCustomer"],
             new: ["type": "table", "data": ["dynamic": "list"], "cell": [["field": "CustomerName"]],
                   "clickRow": ["function": "selectCustomer"]]),
        Case(name: "table columns: colour and fontsize strings, only where they occur",
             old: ["type": "table", "data": ["dynamic": "list"],
                   "cell": [["field": "a", "colour": "#FF0000"], ["field": "b"]],
                   "header": [["text": "A", "fontsize": "12"], ["text": "B"]]],
             new: ["type": "table", "data": ["dynamic": "list"],
                   "cell": [["field": "a", "color": "#FF0000"], ["field": "b"]],
                   "header": [["text": "A", "fontsize": 12], ["text": "B"]]]),
        Case(name: "web data.html becomes content",
             old: ["type": "web", "data": ["html": "<p>Hi</p>"]],
             new: ["type": "web", "content": "<p>Hi</p>"]),
        Case(name: "centre flags become offsets",
             old: ["type": "label", "text": "t", "size": ["center-x": 1, "centre-y": 1, "width%": "90"]],
             new: ["type": "label", "text": "t", "size": ["centrex": 0, "centrey": 0, "width%": 90]]),
        Case(name: "button name is dropped",
             old: ["type": "button", "text": "b", "name": "n"],
             new: ["type": "button", "text": "b"]),
        Case(name: "empty arrays stand for empty objects",
             old: ["type": "button", "text": "b", "size": [], "method": ["function": "f", "parameters": []]],
             new: ["type": "button", "text": "b", "size": [:], "method": ["function": "f", "parameters": [:]]]),
        Case(name: "numeric textbox value becomes a string",
             old: ["type": "textbox", "name": "n", "value": 42],
             new: ["type": "textbox", "name": "n", "value": "42"]),
    ]

    @Test("old form → new form", arguments: cases)
    func rewrite(_ testCase: Case) {
        #expect(Self.normalise(testCase.old, images: testCase.images) == testCase.new)
    }

    @Test("components sent as an object with numeric keys are ordered by number")
    func numericKeys() throws {
        let packet: JSONValue = ["rc": 0, "components": [
            "10": ["type": "label", "text": "third"],
            "2": ["type": "label", "text": "second"],
            "0": ["type": "label", "text": "first"],
        ]]
        let decoded = try PacketDecoder().decodeResponse(packet)
        let texts = decoded.packet.components.compactMap { component -> String? in
            if case .label(let label) = component { return label.text }
            return nil
        }
        #expect(texts == ["first", "second", "third"])
        #expect(decoded.issues.contains { $0.code == .oldDialect && $0.path.description == "$.components" })
    }

    @Test("an old images folder stays, and the canonical centre-y needs no warning")
    func canonicalForms() throws {
        let packet: JSONValue = ["rc": 0, "images": ["url": "https://a/", "type": "image"],
                                 "components": [["type": "label", "text": "t", "size": ["centre-y": 1]]]]
        let decoded = try PacketDecoder().decodeResponse(packet)
        #expect(decoded.packet.images == .folder(url: "https://a/"))
        #expect(decoded.packet.components.first?.size?.centreY == 0)
        #expect(decoded.packet.json["components"]?.arrayValue?.first?["size"] == ["centre-y": 1])
        #expect(!decoded.issues.contains { $0.path.description.contains("centre-y") })
    }

    @Test("colour and color together: color wins")
    func colourSuperseded() {
        let report = PacketValidator().validate(["rc": 0, "components": [
            ["type": "label", "text": "t", "colour": "#000000", "color": "#FFFFFF"],
        ]])
        #expect(report.normalized["components"]?.arrayValue?.first?["color"] == "#FFFFFF")
        #expect(report.issues.map(\.description) == [
            "$.components[0].colour: warning: \"colour\" is ignored because \"color\" is present",
        ])
    }
}
