import Foundation
import Testing
import XpediteClient
import XpediteProtocol

/// The form state of a payload on the device: defaults (docs/notify.md#optional-and-default),
/// values typed as text, and the checks before submitting, which are the server's own
/// (`ResponseValidator`).
@Suite struct PayloadFormTests {
    /// One field of each of the 24 types.
    static let everyType: JSONValue = [
        "responseTopic": "/all",
        "fields": [
            ["type": "audio", "id": "audio", "optional": true],
            ["type": "barcode", "id": "barcode", "default": "0123456789012"],
            ["type": "buttonCluster", "values": [["label": "Yes", "value": 1], ["label": "No", "value": 2]]],
            ["type": "camera", "id": "camera", "optional": true],
            ["type": "checkbox", "id": "checkbox"],
            ["type": "currentDateTime", "id": "now"],
            ["type": "currentLocation", "id": "here"],
            ["type": "date", "id": "date", "default": "1991-04-20"],
            ["type": "datetime", "id": "datetime", "optional": true],
            ["type": "dashboard", "startTab": "Main"],
            ["type": "document", "url": "https://example.com/a.pdf", "flavor": "pdf"],
            ["type": "droplist", "id": "color", "values": ["Red", "Green", "Blue"], "default": "Blue"],
            ["type": "footerButton", "buttonLabel": "Later", "value": 3],
            ["type": "image", "url": "https://example.com/a.jpg"],
            ["type": "inlineButton", "buttonLabel": "Now", "value": 4],
            ["type": "inputInteger", "id": "count", "minValue": 1, "maxValue": 10],
            ["type": "inputReal", "id": "level", "flavor": "slider", "minValue": 0.5, "maxValue": 2],
            ["type": "inputString", "id": "note", "optional": true],
            ["type": "map", "id": "spot", "default": ["type": "Point", "coordinates": [8.5, 47.4]]],
            ["type": "markupImage", "id": "sketch", "optional": true],
            ["type": "radioButtons", "id": "size", "values": [["label": "Small", "value": 1], ["label": "Large", "value": 2]]],
            ["type": "sectionLabel", "label": "Details"],
            ["type": "text", "label": "Thanks"],
            ["type": "video", "id": "video", "optional": true],
        ],
    ]

    static func form(_ payload: JSONValue = everyType) throws -> PayloadForm {
        PayloadForm(source: .message("m1"), payload: try Payload(validating: payload))
    }

    @Test func defaultsAreAppliedAndOptionalFieldsStartUnset() throws {
        let form = try Self.form()
        #expect(form.values == [
            "barcode": "0123456789012", "checkbox": false, "date": "1991-04-20", "color": "Blue", "level": 0.5,
            "spot": ["longitude": 8.5, "latitude": 47.4],
        ])
        #expect(form.inputFields.count == 16)    // the input fields among the 24 types
        #expect(form.submitValues == [1, 2, 3, 4])
    }

    @Test func aCompleteFormPassesWithTheValuesTheServerWouldStore() throws {
        var form = try Self.form()
        try form.set("count", text: "7")
        try form.set("size", text: "Large")
        let completed = form.completed(at: Date(timeIntervalSince1970: 0), location: Location(longitude: 1, latitude: 2))
        let report = completed.check(submitValue: 4)
        #expect(report.issues == [])
        #expect(report.submitValue == 4)
        #expect(report.values?["now"] == "1970-01-01T00:00:00Z")
        #expect(report.values?["here"] == ["longitude": 1, "latitude": 2])
        #expect(report.values?["size"] == 2)
        #expect(report.values?["note"] == .null)
        #expect(report.values?["audio"] == .null)
    }

    /// One failure per rule family of docs/notify.md#optional-and-default, each with its path.
    @Test(arguments: [
        ("count", nil, "$.values.count: a value is required: the field has no default and is not optional"),
        ("count", "11", "$.values.count: expected a number from 1 to 10, got 11"),
        ("color", "Purple", "$.values.color: expected one of \"Red\", \"Green\", \"Blue\", got \"Purple\""),
        ("date", "1991-02-30", "$.values.date: expected a date \"yyyy-MM-dd\", got \"1991-02-30\""),
        ("datetime", "tomorrow", "$.values.datetime: expected an ISO 8601 date-time"),
        ("spot", "200,10", "$.values.spot: longitude: "),
        ("camera", "photo.jpg", "$.values.camera: expected a document name \"rcs/image/…\", got \"photo.jpg\""),
        ("camera", "pending:image/", "$.values.camera: expected a document name \"rcs/image/…\", got \"pending:image/\""),
        ("audio", "pending:image/1d7e", "$.values.audio: expected a document name \"rcs/audio/…\" or pending audio media, got \"pending:image/1d7e\", pending image media"),
        ("checkbox", nil, nil),
        ("camera", "pending:image/1d7e", nil),
    ] as [(String, String?, String?)])
    func aBadValueFailsOnTheDevice(id: String, text: String?, expected: String?) throws {
        var form = try Self.form()
        try form.set("count", text: "5")
        try form.set("size", text: "1")
        if let text { try form.set(id, text: text) } else { try form.set(id, nil) }
        let issues = form.completed(at: Date(), location: Location(longitude: 0, latitude: 0)).check(submitValue: 1).issues
        if let expected {
            #expect(issues.count == 1)
            #expect(issues.first?.description.hasPrefix(expected) == true, "\(issues)")
        } else {
            // A checkbox is always optional: unset is fine. Media attached offline pass the
            // device's check by their local reference, of the field's kind.
            #expect(issues == [])
        }
    }

    @Test func theSubmitValueMustBeOneOfTheButtons() throws {
        var form = try Self.form()
        try form.set("count", text: "5")
        try form.set("size", text: "Small")
        let issues = form.completed(at: Date(), location: Location(longitude: 0, latitude: 0)).check(submitValue: 9).issues
        #expect(issues.map(\.description) == ["$.submitValue: expected one of the payload's button values 1, 2, 3, 4, got 9"])

        let colour = try Self.form(["responseTopic": "/a/b/c", "fields": [["id": "c", "type": "droplist", "values": ["Red"]]]])
        #expect(colour.submitValues == [0])
    }

    @Test func aCurrentLocationWithoutAFixIsMissing() throws {
        let form = try Self.form(["responseTopic": "/t", "fields": [["id": "here", "type": "currentLocation"]]])
        let issues = form.completed(at: Date(), location: nil).check().issues
        #expect(issues.map(\.path.description) == ["$.values.here"])
    }

    @Test(arguments: [
        ("count", "x", "$.values.count: expected an integer, got \"x\""),
        ("level", "1,5", "$.values.level: expected a number, got \"1,5\""),
        ("checkbox", "maybe", "$.values.checkbox: expected true or false, got \"maybe\""),
        ("spot", "east", "$.values.spot: expected a location \"longitude,latitude\", got \"east\""),
        ("nope", "1", "$.values.nope: no input field has the id \"nope\""),
        ("sketch", "", nil),
    ] as [(String, String, String?)])
    func textIsReadByTheFieldsType(id: String, text: String, expected: String?) throws {
        var form = try Self.form()
        if let expected {
            let error = #expect(throws: DeviceError.self) { try form.set(id, text: text) }
            #expect(error?.status == nil)
            #expect(error?.issues.first?.description.hasPrefix(expected) == true, "\(String(describing: error))")
        } else {
            try form.set(id, text: text)
            #expect(form.value(id) == nil)
        }
    }

    @Test func textBecomesTypedValues() throws {
        var form = try Self.form()
        try form.set("count", text: "3")
        try form.set("level", text: "1.25")
        try form.set("checkbox", text: "yes")
        try form.set("spot", text: "-122.4, 37.8")
        try form.set("color", text: "Green")
        try form.set("size", text: "2")
        try form.set("note", text: "")
        #expect(form.value("count") == 3)
        #expect(form.value("level") == 1.25)
        #expect(form.value("checkbox") == true)
        #expect(form.value("spot") == ["longitude": -122.4, "latitude": 37.8])
        #expect(form.value("color") == "Green")
        #expect(form.value("size") == 2)
        #expect(form.value("note") == "")
    }
}
