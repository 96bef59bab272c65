/// Rewrites a response packet's tree from the old dialect (and PHP `json_encode` quirks) into
/// the new dialect, in the order of PROTOCOL.md §8.2, reporting each rewrite as a warning.
///
/// What it rewrites: `components` sent as an object with numeric keys; `colour`; numeric strings
/// for `fontsize` and size values; method strings (form `save`/`cancel` get `formdata:true`);
/// checkbox booleans; old select `values`; `options` arrays; `image.name` against the old images
/// folder; old navigation (`slidefrom`/`button`/`data`); table `cell.display`; `web.data.html`;
/// `center-x`/`centre-x`/`center-y`/`centre-y`; `[]` where an object belongs. Anything it does not
/// recognise is left for ``ShapeChecker`` to report.
struct DialectNormalizer {
    private(set) var issues: [ValidationIssue] = []
    /// The old `images.url` folder, for resolving `image.name`.
    private var imageFolder: String?

    /// Normalises a response packet (or a data response, which needs only the top-level pass).
    mutating func normalizeResponse(_ root: inout JSONValue) {
        guard case .object(var members) = root else { return }
        root = .null
        let path = JSONPath.root
        if case .object(let images)? = members["images"] {
            imageFolder = images["url"]?.stringValue
            note(path.appending("images"), "an images folder {url, type} is old dialect; the new dialect lists images by id")
        }
        emptyArrayAsObject(&members, "setDefaults", at: path)
        if case .object(var defaults)? = members["setDefaults"] {
            renameColour(&defaults, at: path.appending("setDefaults"))
            numericString(&defaults, "fontsize", at: path.appending("setDefaults"))
            members["setDefaults"] = .object(defaults)
        }
        orderNumericKeys(&members, at: path)
        if var components = members["components"] {
            members["components"] = nil
            normalizeComponents(&components, at: path.appending("components"))
            members["components"] = components
        }
        root = .object(members)
    }

    /// Normalises a request packet: `[]` where an object belongs.
    mutating func normalizeRequest(_ root: inout JSONValue) {
        guard case .object(var members) = root else { return }
        root = .null
        emptyArrayAsObject(&members, "parameters", at: .root)
        emptyArrayAsObject(&members, "formdata", at: .root)
        root = .object(members)
    }

    // MARK: - Components

    private mutating func normalizeComponents(_ value: inout JSONValue, at path: JSONPath) {
        guard case .array(var elements) = value else { return }
        value = .null
        for index in elements.indices {
            guard case .object(var members) = elements[index] else { continue }
            elements[index] = .null
            normalizeComponent(&members, at: path.appending(index))
            elements[index] = .object(members)
        }
        value = .array(elements)
    }

    private mutating func normalizeComponent(_ members: inout [String: JSONValue], at path: JSONPath) {
        let type = members["type"]?.stringValue
        renameColour(&members, at: path)
        numericString(&members, "fontsize", at: path)
        emptyArrayAsObject(&members, "size", at: path)
        if case .object(var size)? = members["size"] {
            members["size"] = nil
            normalizeSize(&size, at: path.appending("size"))
            members["size"] = .object(size)
        }
        for key in ["method", "clickRow"] {
            methodString(&members, key, formdata: false, at: path)
        }
        switch type {
        case "form":
            methodString(&members, "save", formdata: true, at: path)
            methodString(&members, "cancel", formdata: true, at: path)
            if members["focus"]?.stringValue != nil {
                note(path.appending("focus"), "form-level focus is old dialect; the new dialect sets focus:true on the field")
            }
        case "button":
            if members["name"] != nil {
                members["name"] = nil
                note(path.appending("name"), "button name is old dialect and has no meaning; ignored")
            }
        case "textbox", "password", "textview":
            stringifyNumber(&members, "value", at: path)
            if type == "textbox", members["autotext"] == .bool(true) {
                note(path.appending("autotext"), "autotext:true is old dialect; the new dialect only has \"disable\"")
            }
        case "checkbox":
            normalizeCheckbox(&members, at: path)
        case "select", "radio":
            normalizeOptions(&members, at: path)
            if type == "select" { normalizeSelectValues(&members, at: path) }
        case "image":
            if let name = members["name"]?.stringValue, members["url"] == nil, let folder = imageFolder {
                members["name"] = nil
                members["url"] = .string(Images.resolve(name: name, inFolder: folder))
                note(path.appending("name"), "image name is old dialect; resolved against the images folder to url")
            }
        case "navigation":
            normalizeNavigation(&members, at: path)
        case "table":
            normalizeTable(&members, at: path)
        case "web":
            normalizeWeb(&members, at: path)
        case "scrollview":
            if members["text"] != nil, members["components"] == nil {
                note(path.appending("text"), "scrollview text is old dialect; the new dialect nests components")
            }
        case "section":
            if members["components"] != nil {
                note(path.appending("components"), "a section with components is the old box; the new dialect uses section as a form header row")
            }
        default:
            break
        }
        orderNumericKeys(&members, at: path)
        if var children = members["components"] {
            members["components"] = nil
            normalizeComponents(&children, at: path.appending("components"))
            members["components"] = children
        }
    }

    private mutating func normalizeSize(_ size: inout [String: JSONValue], at path: JSONPath) {
        for key in size.keys.sorted() { numericString(&size, key, at: path) }
        for (old, new) in [("center-x", "centrex"), ("centre-x", "centrex"), ("center-y", "centrey"), ("centre-y", "centrey")]
            where size[old] != nil
        {
            size[old] = nil
            if size[new] != nil {
                issues.append(.warning(.supersededKey, at: path.appending(old), "\"\(old)\" is ignored because \"\(new)\" is present"))
            } else {
                size[new] = .number(0)
                // centre-y is what the SDK itself emits for vertical centring (PROTOCOL.md §5.2).
                if old != "centre-y" {
                    note(path.appending(old), "\"\(old)\" is old dialect; read as \"\(new)\": 0")
                }
            }
        }
    }

    private mutating func normalizeCheckbox(_ members: inout [String: JSONValue], at path: JSONPath) {
        let checked: Bool?
        switch members["value"] {
        case .bool(let value)?:
            checked = value
            note(path.appending("value"), "checkbox value \(value) is old dialect; read as \"\(value ? "1" : "0")\"")
        case .number(let number)? where number == 0 || number == 1:
            checked = number == 1
        case .string("true")?: checked = true
        case .string("false")?: checked = false
        default: checked = nil
        }
        if let checked { members["value"] = .string(checked ? "1" : "0") }
    }

    private mutating func normalizeOptions(_ members: inout [String: JSONValue], at path: JSONPath) {
        guard case .array(let elements)? = members["options"] else { return }
        var options: [String: JSONValue] = [:]
        for (index, label) in elements.enumerated() { options[String(index)] = label }
        members["options"] = .object(options)
        if !elements.isEmpty {
            issues.append(.error(.optionsNotObject, at: path.appending("options"),
                                 "options must be an object with string keys, got an array; read with keys \"0\" to \"\(elements.count - 1)\"",
                                 repairable: true))
        }
    }

    private mutating func normalizeSelectValues(_ members: inout [String: JSONValue], at path: JSONPath) {
        emptyArrayAsObject(&members, "values", at: path)
        guard case .object(let values)? = members["values"] else { return }
        members["values"] = nil
        note(path.appending("values"), "select values is old dialect; read as the initial selection in value")
        guard members["value"] == nil else {
            issues.append(.warning(.supersededKey, at: path.appending("values"), "\"values\" is ignored because \"value\" is present"))
            return
        }
        let chosen = Options.sortedKeys(values.mapValues { _ in "" }).filter { key in
            switch values[key] {
            case .bool(true)?, .number(1)?, .string("1")?, .string("true")?: true
            default: false
            }
        }
        if members["multi"] == .bool(true) {
            members["value"] = .array(chosen.map(JSONValue.string))
        } else if let first = chosen.first {
            members["value"] = .string(first)
        }
    }

    private mutating func normalizeNavigation(_ members: inout [String: JSONValue], at path: JSONPath) {
        emptyArrayAsObject(&members, "effects", at: path)
        let slidefrom = members["slidefrom"]
        let button = members["button"]
        guard members["implementation"] == nil, slidefrom != nil || button != nil || members["data"] != nil else {
            return
        }
        var implementation: [String: JSONValue] = ["style": "slidefrom"]
        implementation["position"] = slidefrom ?? button?["position"] ?? "left"
        if let icon = button?["icon"]?.stringValue {
            implementation["image"] = .string(imageFolder.map { Images.resolve(name: icon, inFolder: $0) } ?? icon)
        }
        members["implementation"] = .object(implementation)
        if slidefrom != nil {
            members["slidefrom"] = nil
            note(path.appending("slidefrom"), "navigation slidefrom is old dialect; read as implementation")
        }
        if button != nil {
            members["button"] = nil
            note(path.appending("button"), "navigation button is old dialect; read as implementation")
        }
        if case .array(let items)? = members["data"] {
            members["data"] = nil
            note(path.appending("data"), "navigation data is old dialect; read as menuEntry components")
            if members["components"] == nil {
                members["components"] = .array(items.map { item in
                    guard case .object(var entry) = item else { return item }
                    entry["type"] = "menuEntry"
                    return .object(entry)
                })
            }
        } else if members["data"] != nil {
            note(path.appending("data"), "a dynamic navigation menu is old dialect")
        }
    }

    private mutating func normalizeTable(_ members: inout [String: JSONValue], at path: JSONPath) {
        if case .object(let cell)? = members["cell"], let field = cell["display"] {
            members["cell"] = .array([.object(["field": field])])
            note(path.appending("cell"), "table cell {display} is old dialect; read as one column")
        }
        if members["section"] != nil {
            members["section"] = nil
            note(path.appending("section"), "table section is old dialect and has no meaning; ignored")
        }
        for key in ["font", "fontsize"] where members[key] != nil {
            note(path.appending(key), "a table-level \(key) is old dialect; the new dialect styles each column")
        }
        for key in ["cell", "header"] {
            guard case .array(var columns)? = members[key] else { continue }
            for index in columns.indices {
                guard case .object(var column) = columns[index] else { continue }
                renameColour(&column, at: path.appending(key).appending(index))
                numericString(&column, "fontsize", at: path.appending(key).appending(index))
                columns[index] = .object(column)
            }
            members[key] = .array(columns)
        }
    }

    private mutating func normalizeWeb(_ members: inout [String: JSONValue], at path: JSONPath) {
        guard case .object(var data)? = members["data"], let html = data["html"] else { return }
        data["html"] = nil
        members["data"] = data.isEmpty ? nil : .object(data)
        if members["content"] == nil {
            members["content"] = html
            note(path.appending("data").appending("html"), "web data.html is old dialect; read as content")
        } else {
            issues.append(.warning(.supersededKey, at: path.appending("data").appending("html"),
                                   "\"data.html\" is ignored because \"content\" is present"))
        }
    }

    // MARK: - Shared rewrites

    private mutating func renameColour(_ members: inout [String: JSONValue], at path: JSONPath) {
        guard let colour = members["colour"] else { return }
        members["colour"] = nil
        if members["color"] == nil {
            members["color"] = colour
            note(path.appending("colour"), "\"colour\" is old dialect; read as \"color\"")
        } else {
            issues.append(.warning(.supersededKey, at: path.appending("colour"), "\"colour\" is ignored because \"color\" is present"))
        }
    }

    /// Numbers sent as numeric strings ("16") become numbers (PROTOCOL.md §5.2, §6.3).
    private mutating func numericString(_ members: inout [String: JSONValue], _ key: String, at path: JSONPath) {
        guard case .string(let text)? = members[key] else { return }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, let number = Double(trimmed), number.isFinite else { return }
        members[key] = .number(number)
        if key == "fontsize" {
            note(path.appending(key), "a fontsize string is old dialect; read as the number \(JSONValue.format(number: number))")
        }
    }

    private mutating func stringifyNumber(_ members: inout [String: JSONValue], _ key: String, at path: JSONPath) {
        guard case .number(let number)? = members[key] else { return }
        let text = JSONValue.format(number: number)
        members[key] = .string(text)
        issues.append(.warning(.typeMismatch, at: path.appending(key), "expected a string, got \(text); read as \"\(text)\""))
    }

    private mutating func methodString(_ members: inout [String: JSONValue], _ key: String, formdata: Bool,
                                       at path: JSONPath) {
        guard case .string(let function)? = members[key] else {
            if case .object(var method)? = members[key] {
                emptyArrayAsObject(&method, "parameters", at: path.appending(key))
                members[key] = .object(method)
            }
            return
        }
        var method: [String: JSONValue] = ["function": .string(function)]
        if formdata { method["formdata"] = true }
        members[key] = .object(method)
        note(path.appending(key), "a method string is old dialect; read as {\"function\": \"\(function)\"\(formdata ? ", \"formdata\": true" : "")}")
    }

    /// PHP's `json_encode` writes an empty array where an empty object is meant (PROTOCOL.md §6.6).
    private mutating func emptyArrayAsObject(_ members: inout [String: JSONValue], _ key: String, at path: JSONPath) {
        if case .array(let elements)? = members[key], elements.isEmpty {
            members[key] = .object([:])
        }
    }

    /// `components` sent as an object with numeric keys is read in key order (PROTOCOL.md §1.9).
    private mutating func orderNumericKeys(_ members: inout [String: JSONValue], at path: JSONPath) {
        guard case .object(let keyed)? = members["components"] else { return }
        var numbered: [(Double, JSONValue)] = []
        for (key, value) in keyed {
            guard let number = Double(key.trimmingCharacters(in: .whitespaces)) else { return }
            numbered.append((number, value))
        }
        numbered.sort { $0.0 < $1.0 }
        members["components"] = .array(numbered.map(\.1))
        note(path.appending("components"), "components sent as an object with numeric keys; read in key order")
    }

    private mutating func note(_ path: JSONPath, _ message: String) {
        issues.append(.warning(.oldDialect, at: path, message))
    }
}
