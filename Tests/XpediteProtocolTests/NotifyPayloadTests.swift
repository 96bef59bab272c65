import Foundation
import Testing
@testable import XpediteProtocol

/// Payload validation (docs/notify.md): every rule with its exact message and path, the
/// fixtures of Tests/Fixtures/notify, and the canonical round trip.
@Suite("Notify payloads")
struct NotifyPayloadTests {
    static func payload(_ fields: JSONValue...) -> JSONValue {
        ["responseTopic": "/a/b/c", "fields": .array(fields)]
    }

    static let drop: JSONValue = ["id": "color", "type": "droplist", "values": ["Red", "Green", "Blue"]]

    /// (payload, the issue lines it produces)
    static let rules: [(JSONValue, [String])] = [
        // responseTopic
        (["fields": []], [#"$: payload requires "responseTopic""#]),
        (["responseTopic": "a/b", "fields": []], [#"$.responseTopic: expected a topic of the form "/a/b/c", got "a/b""#]),
        (["responseTopic": "/a//b", "fields": []], [#"$.responseTopic: expected a topic of the form "/a/b/c", got "/a//b""#]),
        (["responseTopic": "/a/b!", "fields": []], [#"$.responseTopic: expected a topic of the form "/a/b/c", got "/a/b!""#]),
        (["responseTopic": "/", "fields": []], [#"$.responseTopic: expected a topic of the form "/a/b/c", got "/""#]),
        (["responseTopic": ["/a"], "fields": []], [#"$.responseTopic: expected a string, got an array"#]),
        // fields / payloadName
        (["responseTopic": "/a"], [#"$: payload requires "fields" (or "payloadName")"#]),
        (["responseTopic": "/a", "payloadName": "Named"], []),
        (["responseTopic": "/a", "payloadName": ""], [#"$.payloadName: expected a non-empty payload name"#]),
        (["responseTopic": "/a", "payloadName": "N", "fields": []],
         [#"$.fields: warning: "fields" is ignored: "payloadName" names the payload whose fields are used"#]),
        (["responseTopic": "/a", "fields": [], "stat": 1], [#"$.stat: warning: unknown key "stat" in payload; ignored; did you mean "state"?"#]),
        (["responseTopic": "/a", "fields": [], "state": [1, "two", nil]], []),
        // field structure
        (payload(3), [#"$.fields[0]: expected a field object, got 3"#]),
        (payload(["id": "x"]), [#"$.fields[0]: field requires "type""#]),
        (payload(["type": true]), [#"$.fields[0].type: expected a field type string, got true"#]),
        (payload(["type": "slider", "id": "x"]), [#"$.fields[0].type: warning: unknown field type "slider"; ignored"#]),
        (payload(["type": "inputStrng", "id": "x"]),
         [#"$.fields[0].type: warning: unknown field type "inputStrng"; ignored; did you mean "inputString"?"#]),
        (payload(["type": "text", "label": "x", "colour": "#000000"]),
         [#"$.fields[0].colour: warning: unknown key "colour" in text; ignored; did you mean "color"?"#]),
        (payload(["type": "sectionLabel", "label": "x", "size": 30]),
         [#"$.fields[0].size: warning: unknown key "size" in sectionLabel; ignored"#]),
        // ids
        (payload(["type": "inputString"]), [#"$.fields[0]: inputString requires "id""#]),
        (payload(["type": "currentLocation"]), [#"$.fields[0]: currentLocation requires "id""#]),
        (payload(["type": "map"], ["type": "footerButton", "buttonLabel": "Go", "value": 1]), []),
        (payload(["type": "inputString", "id": ""]), [#"$.fields[0].id: expected a non-empty id"#]),
        (payload(["type": "inputString", "id": 5]), [#"$.fields[0].id: expected a string, got 5"#]),
        (payload(["type": "inputString", "id": "a"], ["type": "image", "id": "a", "url": "https://x/y.jpg"]),
         [#"$.fields[1].id: duplicate field id "a"; first used at $.fields[0]"#]),
        // choices
        (payload(["type": "droplist", "id": "c"]), [#"$.fields[0]: droplist requires "values""#]),
        (payload(["type": "radioButtons", "id": "c", "values": []]), [#"$.fields[0].values: expected at least one value"#]),
        (payload(["type": "droplist", "id": "c", "values": ["A", "B"], "default": "C"]),
         [#"$.fields[0].default: default "C" is not one of the values: "A", "B""#]),
        (payload(["type": "droplist", "id": "c", "values": ["A", "B"], "default": 1]),
         [#"$.fields[0].default: default 1 is not one of the values: "A", "B""#]),
        (payload(["type": "droplist", "id": "c", "values": [["label": "A", "value": 1], ["label": "B", "value": "b"]], "default": "b"]), []),
        (payload(["type": "radioButtons", "id": "c", "values": [["label": "A", "value": 1]], "default": "1"]),
         [#"$.fields[0].default: default "1" is not one of the values: 1"#]),
        (payload(["type": "droplist", "id": "c", "values": ["A", ["label": "B", "value": "B"]]]),
         [#"$.fields[0].values[1]: expected a string like the first value, got an object"#]),
        (payload(["type": "droplist", "id": "c", "values": [["label": "B", "value": "B"], "A"]]),
         [#"$.fields[0].values[1]: expected a {label, value} object like the first value, got "A""#]),
        (payload(["type": "droplist", "id": "c", "values": ["A", "A"]]),
         [#"$.fields[0].values[1]: duplicate value "A"; first used at $.fields[0].values[0]"#]),
        (payload(["type": "droplist", "id": "c", "values": [["label": "A", "value": 2], ["label": "B", "value": 2]]]),
         [#"$.fields[0].values[1].value: duplicate value 2; first used at $.fields[0].values[0].value"#]),
        (payload(["type": "droplist", "id": "c", "values": [["value": 2]]]), [#"$.fields[0].values[0]: choice requires "label""#]),
        (payload(["type": "droplist", "id": "c", "values": [3]]), [#"$.fields[0].values[0]: expected a string or a choice {label, value}, got 3"#]),
        (payload(["type": "droplist", "id": "c", "values": ["A"], "default": "A", "optional": true]),
         [#"$.fields[0].optional: warning: "optional" is ignored when "default" is given"#]),
        // numbers
        (payload(["type": "inputInteger", "id": "n", "minValue": 5, "maxValue": 5]),
         [#"$.fields[0].minValue: minValue 5 must be less than maxValue 5"#]),
        (payload(["type": "inputReal", "id": "n", "minValue": 200]),
         [#"$.fields[0].minValue: minValue 200 must be less than maxValue 100"#]),
        (payload(["type": "inputReal", "id": "n", "maxValue": -1]), [#"$.fields[0].maxValue: minValue 0 must be less than maxValue -1"#]),
        (payload(["type": "inputReal", "id": "n", "minValue": -1.5, "maxValue": 1.5, "default": 1.6]),
         [#"$.fields[0].default: default 1.6 is outside minValue…maxValue (-1.5…1.5)"#]),
        (payload(["type": "inputInteger", "id": "n", "default": -1]), [#"$.fields[0].default: default -1 is outside minValue…maxValue (0…100)"#]),
        (payload(["type": "inputInteger", "id": "n", "default": 100]), []),
        (payload(["type": "inputInteger", "id": "n", "maxValue": 10.5]), [#"$.fields[0].maxValue: expected an integer, got 10.5"#]),
        (payload(["type": "inputInteger", "id": "n", "flavor": "slider", "optional": true]),
         [#"$.fields[0].optional: warning: "optional" is ignored for a slider"#]),
        (payload(["type": "inputReal", "id": "n", "flavor": "knob"]), [#"$.fields[0].flavor: expected one of "text", "slider", got "knob""#]),
        // urls
        (payload(["type": "image"]), [#"$.fields[0]: image requires "url""#]),
        (payload(["type": "document", "url": ""]), [#"$.fields[0].url: expected a non-empty url"#]),
        (payload(["type": "document", "url": "https://x/", "flavor": "pdff"]),
         [#"$.fields[0].flavor: warning: unknown flavor "pdff"; shown as a web link; did you mean "pdf"?"#]),
        // buttons
        (payload(["type": "footerButton", "value": 1]), [#"$.fields[0]: footerButton requires "buttonLabel""#]),
        (payload(["type": "inlineButton", "buttonLabel": "Go"]), [#"$.fields[0]: inlineButton requires "value""#]),
        (payload(["type": "footerButton", "buttonLabel": "Go", "value": "1"]), [#"$.fields[0].value: expected an integer, got "1""#]),
        (payload(["type": "footerButton", "buttonLabel": "A", "value": 1], ["type": "inlineButton", "buttonLabel": "B", "value": 1]),
         [#"$.fields[1].value: button value 1 is already used at $.fields[0].value"#]),
        (payload(["type": "buttonCluster", "values": [["label": "A", "value": 1], ["label": "B", "value": 1]]]),
         [#"$.fields[0].values[1].value: button value 1 is already used at $.fields[0].values[0].value"#]),
        (payload(["type": "buttonCluster", "values": [["label": "A"]]]), [#"$.fields[0].values[0]: button requires "value""#]),
        (payload(["type": "inlineButton", "buttonLabel": "B", "value": 1, "buttonLabelSize": "huge", "buttonLabelColor": "grey"]),
         [##"$.fields[0].buttonLabelColor: expected a colour "#RRGGBB", got "grey""##,
          #"$.fields[0].buttonLabelSize: expected a font size (a positive number or a numeric string), got "huge""#]),
        // dates and locations
        (payload(["type": "date", "id": "d", "default": "20-04-1991"]), [#"$.fields[0].default: expected a date "yyyy-MM-dd", got "20-04-1991""#]),
        (payload(["type": "datetime", "id": "d", "default": "1991-04-20T25:00Z"]),
         [#"$.fields[0].default: expected an ISO 8601 date-time with an offset, e.g. "1991-04-20T09:30-07:00", got "1991-04-20T25:00Z""#]),
        (payload(["type": "map", "id": "m", "location": ["lat": 1]]),
         [#"$.fields[0].location: expected a GeoJSON Point {"type": "Point", "coordinates": [longitude, latitude]} or {"longitude": …, "latitude": …}"#,
          #"$.fields[0].location.lat: warning: unknown key "lat" in location; ignored"#]),
        (payload(["type": "map", "id": "m", "default": ["type": "Point", "coordinates": [190, 0]]]),
         [#"$.fields[0].default.coordinates[0]: expected a longitude from -180 to 180, got 190"#]),
        (payload(["type": "map", "id": "m", "location": ["type": "Line", "coordinates": [1, 2]]]),
         [#"$.fields[0].location.type: expected "Point", got "Line""#]),
        (payload(["type": "map", "minMapWidth": 0]), [#"$.fields[0].minMapWidth: expected a number greater than 0, got 0"#]),
        (payload(["type": "markupImage", "id": "m", "source": "rcs/image/a.jpg"]), []),
        (payload(["type": "markupImage", "id": "m", "source": "photos"]),
         [#"$.fields[0].source: expected "camera", an http(s) URL or a document name "rcs/…", got "photos""#]),
        // label styling
        (payload(["type": "text", "label": "x", "size": 0]), [#"$.fields[0].size: expected a number greater than 0, got 0"#]),
        (payload(["type": "text", "label": "x", "size": "-3"]),
         [#"$.fields[0].size: expected a font size (a positive number or a numeric string), got "-3""#]),
        (payload(["type": "text", "label": "x", "size": "1e2"]),
         [#"$.fields[0].size: expected a font size (a positive number or a numeric string), got "1e2""#]),
        (payload(["type": "text", "label": "x", "size": " 12.5 "], ["type": "inlineButton", "buttonLabel": "B", "value": 1, "buttonLabelSize": "30"]), []),
        (payload(["type": "text", "label": "x", "align": "centre"]),
         [#"$.fields[0].align: expected one of "left", "right", "center", got "centre"; did you mean "center"?"#]),
    ]

    @Test("each rule gives its message at its path", arguments: rules)
    func rule(_ payload: JSONValue, _ expected: [String]) {
        let report = PayloadValidator().validate(payload)
        #expect(report.issues.map(\.description) == expected)
        #expect(report.isValid == !expected.contains { !$0.contains(": warning: ") })
    }

    @Test("a payload that is not an object")
    func notObject() {
        #expect(PayloadValidator().validate("x").issues.map(\.description) == [#"$: expected a payload object, got "x""#])
        #expect(PayloadValidator().validate("x").payload == nil)
    }

    @Test("the source document's example reads as a droplist with its default")
    func favoriteColor() throws {
        let payload = try Payload(validating: Fixtures.data("notify/valid", "favorite-color.json"))
        #expect(payload.responseTopic == "/a/b/c")
        #expect(payload.allowedSubmitValues == [0])
        guard case .droplist(let choice)? = payload.fields?.first else { Issue.record("not a droplist"); return }
        #expect(choice.label == "Pick your favorite color")
        #expect(choice.form == .simple)
        #expect(choice.values.map(\.value) == ["Red", "Green", "Blue"])
        #expect(choice.requirement == .defaulted("Blue"))
    }

    @Test("a strict read refuses an invalid payload with every issue")
    func strict() {
        #expect(throws: PacketError.invalid(PayloadValidator().validate(["fields": [3]]).issues)) {
            try Payload(validating: ["fields": [3]])
        }
        #expect(throws: PacketError.self) { try Payload(validating: Data("{".utf8)) }
    }

    @Test("a named payload takes the stored fields and keeps its topic and state")
    func named() throws {
        let named = try Payload(validating: ["responseTopic": "/a/b/c", "payloadName": "GetMyFavoriteColor", "state": 7])
        #expect(named.isNamed)
        let stored = try Payload(validating: Fixtures.data("notify/valid", "favorite-color-state.json"))
        let resolved = named.resolving(stored)
        #expect(resolved.fields == stored.fields)
        #expect(resolved.state == 7)
        #expect(resolved.payloadName == nil)
        #expect(named.resolving(Payload(responseTopic: "/x", fields: [], state: "s")).state == 7)
        #expect(Payload(responseTopic: "/a", payloadName: "n").resolving(stored).state == ["myStateData": 123])
    }

    @Test("valid fixtures have no errors", arguments: Fixtures.files(in: "notify/valid"))
    func valid(_ name: String) throws {
        let report = try PayloadValidator().validate(Fixtures.data("notify/valid", name))
        #expect(report.issues.errors == [])
    }

    @Test("invalid fixtures give exactly their expected lines", arguments: Fixtures.files(in: "notify/invalid"))
    func invalid(_ name: String) throws {
        let report = try PayloadValidator().validate(Fixtures.data("notify/invalid", name))
        let expected = try String(contentsOf: Fixtures.url("notify/invalid", String(name.dropLast(5)) + ".expected"), encoding: .utf8)
        #expect(report.issues.map(\.description) == expected.split(separator: "\n").map(String.init))
        #expect(report.issues.hasErrors)
    }

    @Test("there are fixtures for every type and at least 40 invalid payloads")
    func coverage() throws {
        #expect(Fixtures.files(in: "notify/invalid").count >= 40)
        var types: Set<String> = []
        for name in Fixtures.files(in: "notify/valid") {
            let payload = try JSONValue(parsing: Fixtures.data("notify/valid", name))
            for field in payload["fields"]?.arrayValue ?? [] { if let type = field["type"]?.stringValue { types.insert(type) } }
        }
        #expect(Set(Field.types).isSubset(of: types))
    }

    @Test("canonical round trip: decode, encode, decode is the identity; encoding is stable",
          arguments: Fixtures.files(in: "notify/valid"))
    func roundTrip(_ name: String) throws {
        let payload = try #require(PayloadValidator().validate(Fixtures.data("notify/valid", name)).payload)
        let bytes = CanonicalJSON.data(payload.json)
        let again = try #require(PayloadValidator().validate(bytes).payload)
        #expect(again == payload)
        #expect(CanonicalJSON.data(again.json) == bytes)
        #expect(try PayloadValidator().validate(bytes).issues.errors == [])
        // Canonical output is what Foundation reads back to the same tree.
        let foundation = try JSONSerialization.jsonObject(with: bytes)
        #expect(JSONValue(foundation: foundation) == payload.json)
    }

    @Test("canonical form: colours upper-case, font sizes numbers, locations simple")
    func canonicalForm() throws {
        let payload = try Payload(validating: Self.payload(
            ["type": "text", "label": "x", "size": "24", "color": "#00ff00"],
            ["type": "map", "id": "m", "location": ["type": "Point", "coordinates": [1, 2]]]))
        #expect(CanonicalJSON.string(payload.json) ==
            ##"{"fields":[{"color":"#00FF00","label":"x","size":24,"type":"text"},{"id":"m","location":{"latitude":2,"longitude":1},"type":"map"}],"responseTopic":"/a/b/c"}"##)
    }

    /// A store reads back what it validated when it wrote it: the same payload as validation
    /// reads, rules and all, without validating again; what is no payload object is refused.
    @Test func aStoredPayloadIsReadAsValidationReadsIt() throws {
        let value = Self.payload(Self.drop, ["type": "inputInteger", "id": "count", "showIf": "$color == 'Red'"],
                                 ["type": "computed", "id": "twice", "expression": "$count * 2"])
        let stored = try Payload(stored: value)
        #expect(stored == (try Payload(validating: value)))
        #expect(throws: PacketError.self) { try Payload(stored: .array([])) }
        #expect(throws: PacketError.self) { try Payload(stored: ["fields": []]) }
    }
}
