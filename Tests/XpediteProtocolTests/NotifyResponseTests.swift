import Foundation
import Testing
@testable import XpediteProtocol

/// Response objects (docs/notify.md#the-response-object) and the check of submitted values against
/// their payload: required, optional → null, default filled in, types, ranges, choices, dates,
/// date-times, locations, media document names, unknown keys and submitValue.
@Suite("Notify responses")
struct NotifyResponseTests {
    /// One payload with a field of every input kind, and no buttons of its own.
    static let payload: Payload = {
        let fields: [JSONValue] = [
            ["id": "name", "type": "inputString"],
            ["id": "nick", "type": "inputString", "optional": true],
            ["id": "city", "type": "inputString", "default": "Paris"],
            ["id": "color", "type": "droplist", "values": ["Red", "Green", "Blue"], "default": "Blue"],
            ["id": "size", "type": "radioButtons", "values": [["label": "S", "value": 1], ["label": "L", "value": 2]], "optional": true],
            ["id": "count", "type": "inputInteger", "minValue": -10, "maxValue": 20, "optional": true],
            ["id": "ratio", "type": "inputReal", "flavor": "slider", "minValue": 0, "maxValue": 1],
            ["id": "ok", "type": "checkbox"],
            ["id": "born", "type": "date", "optional": true],
            ["id": "at", "type": "datetime", "optional": true],
            ["id": "now", "type": "currentDateTime"],
            ["id": "here", "type": "currentLocation"],
            ["id": "spot", "type": "map", "default": ["type": "Point", "coordinates": [1, 2]]],
            ["id": "photo", "type": "camera", "optional": true],
            ["id": "clip", "type": "audio", "optional": true],
            ["id": "film", "type": "video", "optional": true],
            ["id": "sketch", "type": "markupImage", "optional": true],
            ["id": "code", "type": "barcode", "optional": true],
            ["id": "kitty", "type": "image", "url": "https://x/cat.jpg"],
            ["type": "text", "label": "Thanks"],
            ["id": "mystery", "type": "hologram"],
        ]
        // Valid by construction; a failure here fails every test that uses it.
        return (try? Payload(validating: ["responseTopic": "/a/b/c", "fields": .array(fields)]))
            ?? Payload(responseTopic: "/invalid")
    }()

    /// The values every table row starts from: the required ones.
    static let required: JSONObject = [
        "name": "Ada", "now": "2026-11-22T18:00Z", "here": ["longitude": 2.35, "latitude": 48.85],
    ]

    static func submit(_ changes: JSONObject, submitValue: JSONValue = 0) -> ResponseReport {
        var values = required
        for (key, value) in changes { values[key] = value }
        return ResponseValidator().validateSubmission(["submitValue": submitValue, "values": .object(values)], against: payload)
    }

    @Test("the payload of the table is valid")
    func tablePayload() {
        #expect(Self.payload.responseTopic == "/a/b/c")
        #expect(Self.payload.inputFields.count == 18)
    }

    @Test("completion: required kept, optional → null, default filled in, field order, locations simple")
    func completion() throws {
        let report = Self.submit([:])
        #expect(report.issues == [])
        let values = try #require(report.values)
        #expect(values.keys == ["name", "nick", "city", "color", "size", "count", "ratio", "ok", "born", "at", "now", "here",
                                "spot", "photo", "clip", "film", "sketch", "code"])
        #expect(values["name"] == "Ada")
        #expect(values["nick"] == .null)
        #expect(values["city"] == "Paris")
        #expect(values["color"] == "Blue")
        #expect(values["ratio"] == 0)
        #expect(values["ok"] == false)
        #expect(values["spot"] == ["longitude": 1, "latitude": 2])
        #expect(values["here"] == ["longitude": 2.35, "latitude": 48.85])
        #expect(report.submitValue == 0)
    }

    @Test("null means no data entered: a default applies, an optional stays null, a required value is missing")
    func nulls() throws {
        let report = Self.submit(["city": nil, "nick": nil, "color": nil])
        #expect(report.issues == [])
        #expect(report.values?["city"] == "Paris")
        #expect(report.values?["nick"] == .null)
        let missing = Self.submit(["name": nil])
        #expect(missing.issues.map(\.description) == [#"$.values.name: a value is required: the field has no default and is not optional"#])
        #expect(missing.values == nil)
    }

    /// (changed values, the issue lines)
    static let table: [(JSONObject, [String])] = [
        // accepted values
        (["nick": "Ace", "city": "Lyon", "color": "Red", "size": 2, "count": -10, "ratio": 1, "ok": true], []),
        (["born": "2024-02-29", "at": "1991-04-20T09:30-07:00", "code": "4006381333931"], []),
        (["at": "1991-04-20T09:30:15.250+05:30", "now": "2026-01-01T00:00:00Z"], []),
        (["here": ["type": "Point", "coordinates": [-117.9, 33.8]], "spot": ["longitude": 0, "latitude": 0]], []),
        (["photo": "rcs/image/a.jpg", "clip": "rcs/audio/b.m4a", "film": "rcs/video/c.mp4", "sketch": "rcs/image/d.jpg"], []),
        // required
        (["here": nil], [#"$.values.here: a value is required: the field has no default and is not optional"#]),
        // types
        (["name": 5], [#"$.values.name: expected a string, got 5"#]),
        (["ok": "true"], [#"$.values.ok: expected a boolean, got "true""#]),
        (["count": "3"], [#"$.values.count: expected an integer, got "3""#]),
        (["count": 2.5], [#"$.values.count: expected an integer, got 2.5"#]),
        (["ratio": true], [#"$.values.ratio: expected a number, got true"#]),
        (["code": ["x"]], [#"$.values.code: expected a string, got an array"#]),
        // ranges
        (["count": 21], [#"$.values.count: expected a number from -10 to 20, got 21"#]),
        (["count": -11], [#"$.values.count: expected a number from -10 to 20, got -11"#]),
        (["ratio": 1.01], [#"$.values.ratio: expected a number from 0 to 1, got 1.01"#]),
        // enumerations
        (["color": "Purple"], [#"$.values.color: expected one of "Red", "Green", "Blue", got "Purple""#]),
        (["color": "red"], [#"$.values.color: expected one of "Red", "Green", "Blue", got "red""#]),
        (["size": "2"], [#"$.values.size: expected one of 1, 2, got "2""#]),
        (["size": 3], [#"$.values.size: expected one of 1, 2, got 3"#]),
        // dates
        (["born": "2023-02-29"], [#"$.values.born: expected a date "yyyy-MM-dd", got "2023-02-29""#]),
        (["born": "1991-4-20"], [#"$.values.born: expected a date "yyyy-MM-dd", got "1991-4-20""#]),
        (["born": 19910420], [#"$.values.born: expected a date "yyyy-MM-dd", got 19910420"#]),
        // date-times
        (["at": "1991-04-20T09:30"],
         [#"$.values.at: expected an ISO 8601 date-time with an offset, e.g. "1991-04-20T09:30-07:00", got "1991-04-20T09:30""#]),
        (["at": "1991-04-20"],
         [#"$.values.at: expected an ISO 8601 date-time with an offset, e.g. "1991-04-20T09:30-07:00", got "1991-04-20""#]),
        (["now": "1991-04-20T24:00Z"],
         [#"$.values.now: expected an ISO 8601 date-time with an offset, e.g. "1991-04-20T09:30-07:00", got "1991-04-20T24:00Z""#]),
        (["now": "1991-04-20T09:30:61+01:00"],
         [#"$.values.now: expected an ISO 8601 date-time with an offset, e.g. "1991-04-20T09:30-07:00", got "1991-04-20T09:30:61+01:00""#]),
        (["at": 0], [#"$.values.at: expected an ISO 8601 date-time with an offset, e.g. "1991-04-20T09:30-07:00", got 0"#]),
        // locations
        (["here": ["longitude": 181, "latitude": 0]], [#"$.values.here: longitude: expected a number from -180 to 180, got 181"#]),
        (["here": ["longitude": 0, "latitude": -91]], [#"$.values.here: latitude: expected a number from -90 to 90, got -91"#]),
        (["here": ["longitude": 0]], [#"$.values.here: location requires "latitude""#]),
        (["here": ["longitude": 500, "latitude": 500]], [#"$.values.here: latitude: expected a number from -90 to 90, got 500"#]),
        (["here": ["type": "Point", "coordinates": [0, 95]]],
         [#"$.values.here: coordinates[1]: expected a latitude from -90 to 90, got 95"#]),
        (["spot": "48.85,2.35"],
         [#"$.values.spot: expected a location (a GeoJSON Point or {longitude, latitude}), got "48.85,2.35""#]),
        // media
        (["photo": "rcs/audio/a.m4a"], [#"$.values.photo: expected a document name "rcs/image/…", got "rcs/audio/a.m4a""#]),
        (["clip": "rcs/audio/"], [#"$.values.clip: expected a document name "rcs/audio/…", got "rcs/audio/""#]),
        (["film": 3], [#"$.values.film: expected a document name "rcs/video/…", got 3"#]),
        // unknown keys
        (["kitty": "meow"], [#"$.values.kitty: unknown value "kitty": no input field has this id; did you mean "city"?"#]),
        (["mystery": 1], [#"$.values.mystery: unknown value "mystery": no input field has this id"#]),
        (["colour": "Red"], [#"$.values.colour: unknown value "colour": no input field has this id; did you mean "color"?"#]),
        // several at once, in path order
        (["name": 1, "count": 99], [#"$.values.count: expected a number from -10 to 20, got 99"#, #"$.values.name: expected a string, got 1"#]),
    ]

    @Test("each value rule gives its message at its path", arguments: table)
    func rule(_ changes: JSONObject, _ expected: [String]) {
        let report = Self.submit(changes)
        #expect(report.issues.map(\.description) == expected)
        #expect((report.values == nil) == !expected.isEmpty)
    }

    /// (buttons of the payload, submitValue, the issue lines)
    static let submitValues: [([JSONValue], JSONValue?, [String])] = [
        ([], 0, []),
        ([], 1, [#"$.submitValue: expected 0 (the automatic Submit: the payload has no buttons of its own), got 1"#]),
        ([], "0", [#"$.submitValue: expected an integer, got "0""#]),
        ([], nil, [#"$: response requires "submitValue""#]),
        ([["type": "footerButton", "buttonLabel": "Stop", "value": 100]], 100, []),
        ([["type": "footerButton", "buttonLabel": "Stop", "value": 100]], 0,
         [#"$.submitValue: expected one of the payload's button values 100, got 0"#]),
        ([["type": "inlineButton", "buttonLabel": "Go", "value": 0]], 0, []),
        ([["type": "footerButton", "buttonLabel": "A", "value": 1], ["type": "inlineButton", "buttonLabel": "B", "value": 2]], 2, []),
        ([["type": "buttonCluster", "values": [["label": "Stop", "value": 1], ["label": "Go", "value": 2]]]], 2, []),
        ([["type": "buttonCluster", "values": [["label": "Stop", "value": 1]]]], 3,
         [#"$.submitValue: expected one of the payload's button values 1, got 3"#]),
        ([["type": "footerButton", "buttonLabel": "A", "value": 1]], 1.5, [#"$.submitValue: expected an integer, got 1.5"#]),
    ]

    @Test("submitValue is among the payload's button values, or 0 when it has none", arguments: submitValues)
    func submitValue(_ buttons: [JSONValue], _ submitValue: JSONValue?, _ expected: [String]) throws {
        let payload = try Payload(validating: ["responseTopic": "/t", "fields": .array(buttons)])
        var body: JSONObject = ["values": [:]]
        body["submitValue"] = submitValue
        let report = ResponseValidator().validateSubmission(.object(body), against: payload)
        #expect(report.issues.map(\.description) == expected)
        #expect(report.submitValue == (expected.isEmpty ? submitValue?.intValue : nil))
    }

    @Test("documents the user did not upload are refused when the validator knows the user's documents")
    func knownDocuments() throws {
        let validator = ResponseValidator(knownDocuments: ["rcs/image/mine.jpg"])
        var values = Self.required
        values["photo"] = "rcs/image/mine.jpg"
        #expect(validator.validateSubmission(["submitValue": 0, "values": .object(values)], against: Self.payload).isValid)
        values["photo"] = "rcs/image/theirs.jpg"
        #expect(validator.validateSubmission(["submitValue": 0, "values": .object(values)], against: Self.payload).issues
            .map(\.description) == [#"$.values.photo: no document "rcs/image/theirs.jpg" was uploaded by this user"#])
    }

    @Test("a device's local reference to media not uploaded yet passes only its own check, in a field of the media's kind")
    func pendingDocuments() throws {
        var values = Self.required
        values["photo"] = "pending:image/1d7e"
        let body: JSONValue = ["submitValue": 0, "values": .object(values)]
        let device = ResponseValidator(pendingDocuments: ["pending:image/1d7e": "image"])
        #expect(device.validateSubmission(body, against: Self.payload).isValid)
        // The server's validators know no pending media: a local reference is never a document name.
        let refusal = [#"$.values.photo: expected a document name "rcs/image/…", got "pending:image/1d7e""#]
        #expect(ResponseValidator().validateSubmission(body, against: Self.payload).issues.map(\.description) == refusal)
        #expect(ResponseValidator(knownDocuments: ["rcs/image/mine.jpg"]).validateSubmission(body, against: Self.payload).issues
            .map(\.description) == refusal)
        values["photo"] = nil
        values["clip"] = "pending:image/1d7e"
        #expect(device.validateSubmission(["submitValue": 0, "values": .object(values)], against: Self.payload).issues.map(\.description)
            == [#"$.values.clip: expected a document name "rcs/audio/…" or pending audio media, got "pending:image/1d7e", pending image media"#])
    }

    @Test("a named payload must be resolved first; values must be an object")
    func structure() throws {
        let named = Payload(responseTopic: "/a", payloadName: "Stored")
        #expect(ResponseValidator().validateSubmission(["submitValue": 0, "values": [:]], against: named).issues.map(\.description)
            == [#"$: the payload names "Stored"; resolve it before checking responses against it"#])
        #expect(ResponseValidator().validateSubmission(["submitValue": 0, "values": 3], against: Self.payload).issues
            .map(\.description) == [#"$.values: expected an object, got 3"#])
        #expect(ResponseValidator().validateSubmission(["submitValue": 0], against: Self.payload).issues.map(\.description)
            == [#"$: response requires "values""#])
    }

    @Test("the source document's response object reads back with its state")
    func sourceResponse() throws {
        let payload = try Payload(validating: Fixtures.data("notify/valid", "favorite-color-state.json"))
        let json = try JSONValue(parsing: Fixtures.data("notify/responses/valid", "favorite-color-state--source.json"))
        let response = try ResponseObject(validating: json, against: payload)
        #expect(response == ResponseObject(responseTopic: "/a/b/c", submitValue: 0, username: "joeuser@gmail.com",
                                           deviceId: "75e0540bf21638bd", deviceName: "HTC Desire 310",
                                           values: ["simpleDropList": "Green"], state: ["myStateData": 123]))
        #expect(CanonicalJSON.string(response.json) ==
            #"{"deviceId":"75e0540bf21638bd","deviceName":"HTC Desire 310","responseTopic":"/a/b/c","state":{"myStateData":123},"submitValue":0,"username":"joeuser@gmail.com","values":{"simpleDropList":"Green"}}"#)
        #expect(throws: PacketError.self) {
            try ResponseObject(validating: json, against: Payload(responseTopic: "/other", fields: []))
        }
    }

    @Test("server fields of the published object round-trip")
    func published() throws {
        let response = ResponseObject(responseTopic: "/a", submitValue: 2, username: "joe", deviceId: "d", deviceName: "n",
                                      values: ["x": nil], messageId: "m1", responseId: "r1", receivedAt: "2026-11-22T18:00:00Z")
        let payload = try Payload(validating: ["responseTopic": "/a", "fields": [
            ["id": "x", "type": "inputString", "optional": true], ["type": "footerButton", "buttonLabel": "B", "value": 2],
        ]])
        #expect(try ResponseObject(validating: response.json, against: payload) == response)
    }

    static func responseFixtures(_ folder: String) -> [String] { Fixtures.files(in: "notify/responses/\(folder)") }

    /// The payload a response fixture answers: `valid/<payload>.json` for `<payload>--<case>.json`.
    static func payload(for name: String) throws -> Payload {
        let payloadName = String(name.dropLast(5)).components(separatedBy: "--")[0]
        return try Payload(validating: Fixtures.data("notify/valid", payloadName + ".json"))
    }

    @Test("valid response fixtures have no errors", arguments: responseFixtures("valid"))
    func validFixture(_ name: String) throws {
        let report = ResponseValidator().validate(try JSONValue(parsing: Fixtures.data("notify/responses/valid", name)),
                                                  against: try Self.payload(for: name))
        #expect(report.issues == [])
        #expect(report.values != nil)
    }

    @Test("invalid response fixtures give exactly their expected lines", arguments: responseFixtures("invalid"))
    func invalidFixture(_ name: String) throws {
        let report = ResponseValidator().validate(try JSONValue(parsing: Fixtures.data("notify/responses/invalid", name)),
                                                  against: try Self.payload(for: name))
        let expected = try String(contentsOf: Fixtures.url("notify/responses/invalid", String(name.dropLast(5)) + ".expected"),
                                  encoding: .utf8)
        #expect(report.issues.map(\.description) == expected.split(separator: "\n").map(String.init))
        #expect(report.values == nil)
    }
}
