import Foundation
import Testing
@testable import XpediteProtocol

/// The 25 field types of docs/notify.md#field-types: each decodes from its smallest form with every
/// default of the table, and the optional/default rules of docs/notify.md#optional-and-default.
@Suite("Notify fields")
struct NotifyFieldTests {
    static func field(_ json: JSONValue) throws -> Field {
        let members = try #require(json.objectValue)
        return try #require(Field(reading: members))
    }

    @Test("the model knows exactly the 25 field types of docs/notify.md#field-types, each with a definition")
    func types() {
        #expect(Field.types.count == 25)
        #expect(Set(Field.types).count == 25)
        #expect(Set(Field.shapes.keys) == Set(Field.types))
        for type in Field.types {
            #expect(NotifyCatalogue.objects["notify.field.\(type)"] != nil)
        }
    }

    @Test("every type decodes from its smallest form and keeps its type", arguments: Field.types)
    func smallest(_ type: String) throws {
        var members: JSONObject = ["type": .string(type)]
        if Field.inputTypes.contains(type) { members["id"] = "x" }
        switch type {
        case "document", "image": members["url"] = "https://example.com/a"
        case "droplist", "radioButtons": members["values"] = ["A", "B"]
        case "footerButton", "inlineButton": members["buttonLabel"] = "Go"; members["value"] = 1
        case "buttonCluster": members["values"] = [["label": "Go", "value": 1]]
        case "computed": members["expression"] = "1 + 1"
        default: break
        }
        let report = PayloadValidator().validate(["responseTopic": "/a", "fields": [.object(members)]])
        #expect(report.issues == [])
        let field = try Self.field(.object(members))
        #expect(field.type == type)
        #expect(field.isInput == Field.inputTypes.contains(type))
        #expect(try Self.field(field.json) == field)
    }

    @Test("label styling defaults: size 18, center, #000000, plain")
    func labelDefaults() throws {
        guard case .text(let text) = try Self.field(["type": "text", "label": "Hi"]) else { Issue.record("not text"); return }
        #expect(text.labelStyle.resolvedSize == 18)
        #expect(text.labelStyle.resolvedAlign == .center)
        #expect(text.labelStyle.resolvedColor.hex == "#000000")
        #expect(text.labelStyle.resolvedStyle == .plain)
        guard case .text(let styled) = try Self.field(["type": "text", "label": "Hi", "size": "24", "align": "left",
                                                       "color": "#00ff00", "style": "bold-italic"])
        else { Issue.record("not text"); return }
        #expect(styled.labelStyle == Field.LabelStyle(size: 24, align: .left, color: Colour(hex: "#00FF00"), style: .boldItalic))
    }

    @Test("audio and video: duration 10 s, size 100 KB / 1000 KB, Start Recording, no default")
    func media() throws {
        guard case .audio(let audio) = try Self.field(["type": "audio", "id": "a"]),
              case .video(let video) = try Self.field(["type": "video", "id": "v"]),
              case .camera(let camera) = try Self.field(["type": "camera", "id": "c"])
        else { Issue.record("wrong cases"); return }
        #expect(audio.resolvedMaxDurationSeconds == 10)
        #expect(audio.resolvedMaxSizeK == 100)
        #expect(audio.resolvedPlaceholder == "Start Recording")
        #expect(video.resolvedMaxDurationSeconds == 10)
        #expect(video.resolvedMaxSizeK == 1000)
        #expect(video.resolvedPlaceholder == "Start Recording")
        #expect(camera.resolvedPlaceholder == "Take Photo")
        #expect(NotifyCatalogue.fields["audio"]?.property("default") == nil)
        #expect(NotifyCatalogue.fields["video"]?.property("default") == nil)
    }

    @Test("barcode, checkbox, dates, inputString: their defaults")
    func simpleInputs() throws {
        guard case .barcode(let barcode) = try Self.field(["type": "barcode", "id": "b"]),
              case .checkbox(let checkbox) = try Self.field(["type": "checkbox", "id": "c"]),
              case .date(let date) = try Self.field(["type": "date", "id": "d"]),
              case .datetime(let datetime) = try Self.field(["type": "datetime", "id": "t", "default": "1991-04-20T09:30-07:00"]),
              case .inputString(let string) = try Self.field(["type": "inputString", "id": "s"])
        else { Issue.record("wrong cases"); return }
        #expect(barcode.resolvedPlaceholder == "Scan Barcode")
        #expect(checkbox.resolvedDefaultValue == false)
        #expect(checkbox.resolvedCheckboxLabel == "")
        #expect(date.resolvedPlaceholder == "")
        #expect(datetime.defaultValue == "1991-04-20T09:30-07:00")
        #expect(string.resolvedPlaceholder == "")
    }

    @Test("inputInteger and inputReal: text flavor, 0…100, empty units and placeholder")
    func numbers() throws {
        guard case .inputInteger(let integer) = try Self.field(["type": "inputInteger", "id": "i"]),
              case .inputReal(let real) = try Self.field(["type": "inputReal", "id": "r", "flavor": "slider", "minValue": -1.5])
        else { Issue.record("wrong cases"); return }
        #expect(integer.resolvedFlavor == .text)
        #expect(integer.resolvedMinValue == 0)
        #expect(integer.resolvedMaxValue == 100)
        #expect(integer.resolvedUnits == "")
        #expect(integer.resolvedPlaceholder == "")
        #expect(real.resolvedFlavor == .slider)
        #expect(real.requirement == .defaulted(-1.5))
    }

    @Test("buttons: inlineButton styling defaults, submit values")
    func buttons() throws {
        guard case .inlineButton(let inline) = try Self.field(["type": "inlineButton", "buttonLabel": "Go", "value": 7])
        else { Issue.record("not inlineButton"); return }
        #expect(inline.resolvedButtonLabelSize == 18)
        #expect(inline.resolvedButtonLabelStyle == .plain)
        #expect(inline.resolvedButtonLabelColor.hex == "#D0D0D0")
        #expect(inline.resolvedButtonBackgroundColor.hex == "#000000")
        #expect(try Self.field(["type": "footerButton", "buttonLabel": "Stop", "value": 100]).submitValues == [100])
        #expect(try Self.field(["type": "buttonCluster", "values": [["label": "A", "value": 1], ["label": "B", "value": 2]]])
            .submitValues == [1, 2])
    }

    @Test("display fields: dashboard, document, map, markupImage placeholders")
    func placeholders() throws {
        guard case .dashboard(let dashboard) = try Self.field(["type": "dashboard"]),
              case .document(let pdf) = try Self.field(["type": "document", "url": "https://x/a.PDF"]),
              case .document(let html) = try Self.field(["type": "document", "url": "https://x/", "flavor": "html"]),
              case .document(let audio) = try Self.field(["type": "document", "url": "rcs/audio/1.m4a"]),
              case .document(let odd) = try Self.field(["type": "document", "url": "https://x/", "flavor": "epub"]),
              case .map(let input) = try Self.field(["type": "map", "id": "m"]),
              case .map(let readOnly) = try Self.field(["type": "map"]),
              case .markupImage(let camera) = try Self.field(["type": "markupImage", "id": "k"]),
              case .markupImage(let web) = try Self.field(["type": "markupImage", "id": "k", "source": "https://x/a.jpg"])
        else { Issue.record("wrong cases"); return }
        #expect(dashboard.resolvedPlaceholder == "View the Dashboard")
        #expect(pdf.resolvedFlavor == .pdf)
        #expect(pdf.resolvedPlaceholder == "View the PDF document")
        #expect(html.resolvedPlaceholder == "View the Web document")
        #expect(audio.resolvedFlavor == .vaudio)
        #expect(odd.resolvedFlavor == nil)
        #expect(input.resolvedPlaceholder == "View the map and select a location")
        #expect(readOnly.resolvedPlaceholder == "View the map")
        #expect(Field.map(readOnly).requirement == nil)
        #expect(Field.map(input).requirement == .required)
        #expect(camera.resolvedSource == "camera")
        #expect(camera.resolvedPlaceholder == "Take a photo and mark it up")
        #expect(web.resolvedPlaceholder == "Mark up an image")
    }

    @Test("map markers: red by default, names map to hues")
    func markers() throws {
        guard case .map(let map) = try Self.field(["type": "map", "markers": [
            ["longitude": 1, "latitude": 2], ["longitude": 1, "latitude": 2, "color": "azure"],
            ["longitude": 1, "latitude": 2, "color": 45],
        ]]) else { Issue.record("not a map"); return }
        let markers = try #require(map.markers)
        #expect(markers.map(\.resolvedColor.hue) == [0, 210, 45])
    }

    /// The three cases of docs/notify.md#optional-and-default, with checkbox and slider.
    static let requirements: [(JSONValue, Field.Requirement?)] = [
        (["type": "inputString", "id": "s"], .required),
        (["type": "inputString", "id": "s", "default": "Joe"], .defaulted("Joe")),
        (["type": "inputString", "id": "s", "optional": true], .optional),
        (["type": "inputString", "id": "s", "optional": true, "default": "Joe"], .defaulted("Joe")),
        (["type": "inputString", "id": "s", "optional": false], .required),
        (["type": "checkbox", "id": "c"], .defaulted(false)),
        (["type": "checkbox", "id": "c", "default": true], .defaulted(true)),
        (["type": "checkbox", "id": "c", "optional": false], .defaulted(false)),
        (["type": "audio", "id": "a", "optional": true], .optional),
        (["type": "inputInteger", "id": "i", "flavor": "slider", "optional": true], .defaulted(0)),
        (["type": "inputInteger", "id": "i", "flavor": "slider", "minValue": 5, "maxValue": 9], .defaulted(5)),
        (["type": "inputInteger", "id": "i", "flavor": "slider", "default": 7], .defaulted(7)),
        (["type": "inputInteger", "id": "i", "optional": true], .optional),
        (["type": "droplist", "id": "d", "values": ["A"], "default": "A"], .defaulted("A")),
        (["type": "map", "id": "m", "default": ["type": "Point", "coordinates": [1, 2]]],
         .defaulted(["longitude": 1, "latitude": 2])),
        (["type": "map", "optional": true], nil),
        (["type": "currentDateTime", "id": "t"], .required),
        (["type": "text", "label": "x"], nil),
        (["type": "footerButton", "buttonLabel": "x", "value": 1], nil),
        (["type": "video1", "id": "v"], nil),
    ]

    @Test("optional and default rules (docs/notify.md#optional-and-default)", arguments: requirements)
    func requirement(_ json: JSONValue, _ expected: Field.Requirement?) throws {
        #expect(try Self.field(json).requirement == expected)
    }

    @Test("an unknown type is kept as it was sent")
    func unknown() throws {
        let json: JSONValue = ["type": "video1", "id": "v", "maxSizeK": 2000]
        let field = try Self.field(json)
        #expect(field == .unknown(type: "video1", members: try #require(json.objectValue)))
        #expect(field.json == json)
        #expect(field.id == "v")
    }
}
