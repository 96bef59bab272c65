import Testing
@testable import XpediteProtocol

/// The model covers every key docs/protocol/packets.md#top-level-entries,
/// docs/protocol/versions.md#the-two-dialects names: new-dialect keys are in the wire model,
/// old-dialect keys are rewritten by the normaliser.
@Suite("Key coverage")
struct KeyCoverageTests {
    /// Every new-dialect key of the specification, by the definition that holds it.
    static let specifiedKeys: [String: [String]] = [
        "response": ["rc", "token", "version", "title", "background", "id", "disposition", "setDefaults", "images",
                     "components", "time"],
        "request": ["method", "token", "bundleID", "uuid", "bounds", "xpediteVersion", "appearance", "parameters", "formdata",
                    "selected", "row", "offset", "limit"],
        "dataResponse": ["rc", "data", "max"],
        "method": ["function", "parameters", "formdata", "navigation", "selected"],
        "setDefaults": ["font", "fontsize", "color", "background"],
        "image": ["id", "url", "load"],
        "expiry": ["type", "seconds"],
        "size": ["x", "y", "width", "height", "x%", "y%", "width%", "height%", "x+", "y+", "relative-height%",
                 "centrex", "centrey", "centre-y"],
        "column": ["field", "text", "width%", "align", "font", "fontsize", "color", "lines", "scroll"],
        "implementation": ["style", "position", "icon", "image"],
        "effects": ["shade%", "shrink%"],
        "label": ["type", "text", "color", "background", "font", "fontsize", "align", "size", "id"],
        "image.component": ["type", "id", "url", "name", "size", "background"],
        "button": ["type", "text", "style", "color", "background", "font", "fontsize", "align", "icon", "method",
                   "onEnter", "size", "id"],
        "textbox": ["type", "name", "title", "placeholder", "value", "keyboard", "returnkey", "onEnter", "autotext",
                    "color", "font", "fontsize", "align", "focus", "size", "id", "background"],
        "password": ["type", "id", "background", "color", "name", "title", "onEnter", "placeholder", "size", "value",
                     "keyboard", "returnkey", "font", "fontsize", "align", "focus"],
        "textview": ["type", "name", "title", "placeholder", "value", "initialHeight", "color", "font", "fontsize",
                     "size", "id"],
        "checkbox": ["type", "name", "title", "value", "id"],
        "date": ["type", "name", "title", "value", "id"],
        "select": ["type", "name", "title", "options", "value", "multi", "disabled", "id"],
        "radio": ["type", "name", "title", "options", "value", "id"],
        "form": ["type", "id", "style", "title", "save", "saveNavigation", "cancel", "cancelNavigation", "components",
                 "focus", "background", "size"],
        "section": ["type", "title", "id", "components"],
        "scrollview": ["type", "components", "background", "size", "id", "text"],
        "web": ["type", "web", "content", "background", "size", "id", "data"],
        "table": ["type", "data", "cell", "header", "clickRow", "refresh", "background", "font", "fontsize", "size", "id"],
        "navigation": ["type", "implementation", "components", "effects", "id", "size", "color", "background", "font",
                       "fontsize", "data", "cell"],
        "menuEntry": ["type", "text", "method", "icon", "symbol"],
    ]

    /// Old-dialect keys (docs/protocol/versions.md#the-two-dialects) and where the normaliser puts
    /// them.
    static let oldKeys: [(component: JSONValue, gone: String, becomes: String)] = [
        (["type": "label", "text": "t", "colour": "#000000"], "colour", "color"),
        (["type": "button", "text": "t", "name": "n"], "name", "type"),
        (["type": "navigation", "slidefrom": "left", "data": []], "slidefrom", "implementation"),
        (["type": "navigation", "button": ["position": "left"]], "button", "implementation"),
        (["type": "navigation", "slidefrom": "left", "data": [["text": "a", "method": "b"]]], "data", "components"),
        (["type": "select", "name": "s", "options": ["1": "A"], "values": ["1": true]], "values", "value"),
        (["type": "table", "data": ["dynamic": "d"], "section": "x"], "section", "data"),
        (["type": "web", "data": ["html": "<p>x</p>"]], "data", "content"),
    ]

    @Test("every specified key is defined", arguments: specifiedKeys.keys.sorted())
    func specified(_ owner: String) throws {
        let name = owner == "image.component" ? "image" : owner
        let shape = try #require(owner == "image.component" ? Component.shapes["image"] : WireCatalogue.shape(named: name))
        for key in Self.specifiedKeys[owner] ?? [] {
            #expect(shape.property(key) != nil, "\(owner).\(key)")
        }
    }

    @Test("every old-dialect key is rewritten, never reported unknown", arguments: 0..<oldKeys.count)
    func old(_ index: Int) {
        let (component, gone, becomes) = Self.oldKeys[index]
        let report = PacketValidator().validate(["rc": 0, "components": [component]])
        let normalized = report.normalized["components"]?.arrayValue?.first
        #expect(normalized?[gone] == nil || gone == "data" && normalized?["data"]?["html"] == nil)
        #expect(normalized?[becomes] != nil)
        #expect(!report.issues.contains { $0.code == .unknownKey })
    }

    /// A valid sample value for a shape, to fill every key of a definition.
    static func sample(_ shape: Shape, key: String) -> JSONValue {
        switch shape {
        case .string: return .string("s-\(key)")
        case .number: return 5
        case .boundedNumber(let minimum, let maximum, _): return .number(min(maximum ?? 50, (minimum ?? 0) + 7))
        case .integer: return 3
        case .boundedInteger(let minimum): return .number(Double(minimum + 2))
        case .boolean: return true
        case .nullValue: return nil
        case .oneOf(let values): return .string(values[values.count - 1])
        case .colour: return "#A1B2C3"
        case .date: return "1990-06-15"
        case .bounds: return "(0.0, 0.0, 393.0, 852.0)"
        case .array(let element): return .array([sample(element, key: key)])
        case .map: return ["k": "v"]
        case .object(let name):
            let shape = WireCatalogue.shape(named: name)
            var members: [String: JSONValue] = [:]
            for property in shape?.properties ?? [] where property.key != "centre-y" {
                members[property.key] = sample(property.shape, key: property.key)
            }
            return .object(members)
        case .component: return ["type": "label", "text": "child"]
        case .anyOf(let alternatives): return sample(alternatives[0], key: key)
        case .any: return ["any": 1]
        }
    }

    @Test("the model holds every key of every component: a full component survives decode → encode",
          arguments: Component.types)
    func everyKeySurvives(_ type: String) throws {
        let shape = try #require(Component.shapes[type])
        var members: [String: JSONValue] = [:]
        for property in shape.properties {
            members[property.key] = property.key == "type" ? .string(type) : Self.sample(property.shape, key: property.key)
        }
        if type == "navigation" { members["components"] = [["type": "menuEntry", "text": "m"]] }
        let component = try #require(Component(reading: ObjectReader(JSONObject(members), at: .root, context: BuildContext())))
        #expect(component.json == .object(members))
    }

    @Test("the packets hold every key: full packets survive decode → encode")
    func packetsSurvive() throws {
        for kind in PacketKind.allCases {
            var members: [String: JSONValue] = [:]
            for property in kind.shape.properties {
                members[property.key] = Self.sample(property.shape, key: property.key)
            }
            let reader = ObjectReader(JSONObject(members), at: .root, context: BuildContext())
            let json: JSONValue? = switch kind {
            case .request: RequestPacket(reading: reader)?.json
            case .response: ResponsePacket(reading: reader)?.json
            case .data: DataResponse(reading: reader)?.json
            }
            #expect(json == .object(members), "\(kind)")
        }
    }
}

@Suite("Interned keys")
struct WireKeyTests {
    @Test("every key of every definition is interned, and names round-trip")
    func interned() {
        for key in WireKey.allCases.dropFirst() {
            #expect(WireKey(name: key.name) == key)
        }
        let shapes = Array(WireCatalogue.objects.values) + Array(Component.shapes.values)
        for shape in shapes {
            for property in shape.properties {
                #expect(WireKey(name: property.key) != .unknown, "\(shape.name).\(property.key)")
            }
        }
        #expect(WireKey(name: "customerName") == .unknown)
    }

    @Test("objects find members by string, by interned key, and past the index threshold")
    func lookups() {
        var object: JSONObject = ["text": "a", "custom": 1]
        #expect(object["text"] == "a")
        #expect(object[.text] == "a")
        #expect(object["custom"] == 1)
        for index in 0..<40 { object["k\(index)"] = .number(Double(index)) }
        #expect(object["k39"] == 39)
        object["k3"] = nil
        #expect(object["k3"] == nil)
        #expect(object["k4"] == 4)
        #expect(object.count == 41)
        #expect(object == JSONObject(object.dictionary))
    }
}
