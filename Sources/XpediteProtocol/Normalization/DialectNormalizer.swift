/// Rewrites a response packet's tree from the old dialect (and PHP `json_encode` quirks) into the
/// new dialect, in the order of docs/protocol/versions.md#how-a-phone-normalises-an-answer,
/// reporting each rewrite as a warning.
///
/// What it rewrites: `components` sent as an object with numeric keys; `colour`; numeric strings
/// for `fontsize` and size values; method strings (form `save`/`cancel` get `formdata:true`);
/// checkbox booleans; old select `values`; `options` arrays; `image.name` against the old images
/// folder; old navigation (`slidefrom`/`button`/`data`); table `cell.display`; `web.data.html`;
/// `center-x`/`centre-x`/`center-y`/`centre-y`; `[]` where an object belongs. Anything it does not
/// recognise is left for ``ShapeChecker`` to report.
///
/// Every move it makes is recorded in ``aliases``, so issues found later in the rewritten tree
/// are reported at the path the sender wrote. It also checks the size dicts for two keys of one
/// quantity here, while the sender's own key names are still there to name.
struct DialectNormalizer {
    /// What it found; written only by the normalizer (here and in DialectNormalizer+Rewrites.swift).
    var issues: [ValidationIssue] = []
    /// Where rewritten values came from: an issue at `rewritten` (or inside it) belongs at `original`.
    var aliases: [(rewritten: JSONPath, original: JSONPath)] = []
    /// The old `images.url` folder, for resolving `image.name`.
    private var imageFolder: String?
    /// Where the walk is.
    var stack = PathStack()

    /// The component types that have a `color` key.
    private static let coloured: Set<String> = ["label", "button", "textbox", "password", "textview", "navigation"]

    /// Normalises a response packet (or a data response, which needs only the top-level pass).
    mutating func normalizeResponse(_ root: inout JSONValue) {
        root.withObject { members in
            if case .object(let images)? = members[.images] {
                imageFolder = images[.url]?.stringValue
                note("images", "an images folder {url, type} is old dialect; the new dialect lists images by id")
            }
            emptyArrayAsObject(&members, .setDefaults)
            if members[.setDefaults] != nil {
                stack.push("setDefaults")
                members[.setDefaults]?.withObject { defaults in
                    renameColour(&defaults)
                    numericString(&defaults, .fontsize)
                }
                stack.pop()
            }
            orderNumericKeys(&members)
            normalizeComponents(&members)
        }
    }

    /// Normalises a request packet: `[]` where an object belongs.
    mutating func normalizeRequest(_ root: inout JSONValue) {
        root.withObject { members in
            emptyArrayAsObject(&members, .parameters)
            emptyArrayAsObject(&members, .formdata)
        }
    }

    /// Maps a path in the rewritten tree back to the path the sender wrote (through as many
    /// rewrites as were stacked on it, such as old navigation data whose method strings became dicts).
    func originalPath(of path: JSONPath) -> JSONPath {
        var path = path
        for _ in 0..<4 {
            var best: (rewritten: JSONPath, original: JSONPath)?
            for alias in aliases where path.hasPrefix(alias.rewritten) {
                if alias.rewritten.steps.count > (best?.rewritten.steps.count ?? -1) { best = alias }
            }
            guard let best, best.rewritten != best.original else { return path }
            path = JSONPath(steps: best.original.steps + path.steps.dropFirst(best.rewritten.steps.count))
        }
        return path
    }

    // MARK: - Components

    private mutating func normalizeComponents(_ members: inout JSONObject) {
        guard case .array(let elements)? = members[.components] else { return }
        // Most components need no rewrite; only changed ones are written back, so a tree that
        // needs nothing is never copied.
        var rewritten: [JSONValue] = []
        stack.push("components")
        for (index, element) in elements.enumerated() {
            guard case .object(let original) = element else { continue }
            stack.push(index)
            var component = original
            normalizeComponent(&component)
            if !component.isIdentical(to: original) {
                if rewritten.isEmpty { rewritten = elements }
                rewritten[index] = .object(component)
            }
            stack.pop()
        }
        stack.pop()
        if !rewritten.isEmpty { members[.components] = .array(rewritten) }
    }

    private mutating func normalizeComponent(_ members: inout JSONObject) {
        let type = members[.type]?.stringValue ?? ""
        // One pass over the keys finds what needs rewriting; most components need nothing.
        var work = Work()
        for (key, member) in members.interned {
            switch (key, member.value) {
            case (.colour, _): work.colour = true
            case (.fontsize, .string): work.fontsize = true
            case (.size, .object), (.size, .array): work.size = true
            case (.method, .string), (.clickRow, .string), (.save, .string), (.cancel, .string): work.methods = true
            case (.method, .object), (.clickRow, .object), (.save, .object), (.cancel, .object): work.methods = true
            case (.components, .array), (.components, .object): work.children = true
            default: break
            }
        }
        if work.colour, Self.coloured.contains(type) { renameColour(&members) }
        if work.fontsize { numericString(&members, .fontsize) }
        if work.size {
            emptyArrayAsObject(&members, .size)
            if case .object(let original)? = members[.size] {
                stack.push("size")
                var size = original
                normalizeSize(&size)
                if !size.isIdentical(to: original) { members[.size] = .object(size) }
                stack.pop()
            }
        }
        if work.methods {
            methodString(&members, .method, formdata: false)
            methodString(&members, .clickRow, formdata: false)
        }
        switch type {
        case "form":
            methodString(&members, .save, formdata: true)
            methodString(&members, .cancel, formdata: true)
            if members[.focus]?.stringValue != nil {
                note("focus", "form-level focus is old dialect; the new dialect sets focus:true on the field")
            }
        case "button":
            if members[.name] != nil {
                members[.name] = nil
                note("name", "button name is old dialect and has no meaning; ignored")
            }
        case "textbox", "password", "textview":
            stringifyNumber(&members, .value)
            if type == "textbox", members[.autotext] == .bool(true) {
                note("autotext", "autotext:true is old dialect; the new dialect only has \"disable\"")
            }
        case "checkbox":
            normalizeCheckbox(&members)
        case "select", "radio":
            normalizeOptions(&members)
            if type == "select" { normalizeSelectValues(&members) }
        case "image":
            if let name = members[.name]?.stringValue, members[.url] == nil, let folder = imageFolder {
                members[.name] = nil
                members[.url] = .string(Images.resolve(name: name, inFolder: folder))
                alias("url", to: "name")
                note("name", "image name is old dialect; resolved against the images folder to url")
            }
        case "navigation":
            normalizeNavigation(&members)
        case "table":
            normalizeTable(&members)
        case "web":
            normalizeWeb(&members)
        case "scrollview":
            if members[.text] != nil, members[.components] == nil {
                note("text", "scrollview text is old dialect; the new dialect nests components")
            }
        case "section":
            if members[.components] != nil {
                note("components", "a section with components is the old box; the new dialect uses section as a form header row")
            }
        default:
            break
        }
        if work.children || members[.components] != nil {
            orderNumericKeys(&members)
            normalizeComponents(&members)
        }
    }

    /// What one component needs.
    private struct Work {
        var colour = false
        var fontsize = false
        var size = false
        var methods = false
        var children = false
    }

    /// The keys that set one quantity, in the order of precedence of
    /// docs/protocol/layout.md#the-rules, with the key each old spelling becomes.
    private static let sizeQuantities: [(name: String, keys: [WireKey])] = [
        ("horizontal position", [.centrex, .centerXFlag, .centreXFlag, .xPlus, .x, .xPercent]),
        ("vertical position", [.centrey, .centreYFlag, .centerYFlag, .yPlus, .y, .yPercent]),
        ("width", [.width, .widthPercent]),
        ("height", [.height, .heightPercent, .relativeHeightPercent]),
    ]

    /// An error for each quantity of a size dict set by more than one key (e.g. `width` and
    /// `width%`). The one check of a size dict that needs no rewriting, so it also runs on
    /// packets the SDK built itself (``ShapeChecker`` with `checksSizeConflicts`).
    static func conflictingSizeKeys(in size: JSONObject, at path: @autoclosure () -> JSONPath) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        for quantity in sizeQuantities {
            var present = 0
            for key in quantity.keys where size.has(key) { present += 1 }
            guard present > 1 else { continue }
            let given = quantity.keys.filter { size.has($0) }
            let keys = given.map { "\"\($0.name)\"" }.joined(separator: " and ")
            issues.append(.error(.conflictingSizeKeys, at: path(),
                                 "\(keys) both set the \(quantity.name); \"\(given[0].name)\" wins, send only one",
                                 repairable: true))
        }
        return issues
    }

    private mutating func normalizeSize(_ size: inout JSONObject) {
        for (key, member) in size.interned {
            if case .string = member.value { numericString(&size, key) }
        }
        issues += Self.conflictingSizeKeys(in: size, at: stack.path)
        let flags: [(old: WireKey, new: WireKey)] = [(.centerXFlag, .centrex), (.centreXFlag, .centrex),
                                                      (.centreYFlag, .centrey), (.centerYFlag, .centrey)]
        for (old, new) in flags where size.has(old) {
            size[old] = nil
            if !size.has(new) {
                size[new] = .number(0)
                alias(new.name, to: old.name)
                // centre-y is what the SDK itself emits for vertical centring
                // (docs/protocol/layout.md#keys).
                if old != .centreYFlag {
                    note(old.name, "\"\(old.name)\" is old dialect; read as \"\(new.name)\": 0")
                }
            }
        }
    }

    private mutating func normalizeCheckbox(_ members: inout JSONObject) {
        let checked: Bool?
        switch members[.value] {
        case .bool(let value)?:
            checked = value
            note("value", "checkbox value \(value) is old dialect; read as \"\(value ? "1" : "0")\"")
        case .number(let number)? where number == 0 || number == 1:
            checked = number == 1
        case .string("true")?: checked = true
        case .string("false")?: checked = false
        default: checked = nil
        }
        if let checked { members[.value] = .string(checked ? "1" : "0") }
    }

    private mutating func normalizeOptions(_ members: inout JSONObject) {
        guard case .array(let elements)? = members[.options] else { return }
        var options: JSONObject = [:]
        for (index, label) in elements.enumerated() {
            options[String(index)] = label
            alias(steps: [.key("options"), .key(String(index))], to: [.key("options"), .index(index)])
        }
        members[.options] = .object(options)
        if !elements.isEmpty {
            issues.append(.error(.optionsNotObject, at: stack.path("options"),
                                 "options must be an object with string keys, got an array; read with keys \"0\" to \"\(elements.count - 1)\"",
                                 repairable: true))
        }
    }

    private mutating func normalizeSelectValues(_ members: inout JSONObject) {
        emptyArrayAsObject(&members, .values)
        guard case .object(let values)? = members[.values] else { return }
        members[.values] = nil
        guard members[.value] == nil else {
            issues.append(.warning(.supersededKey, at: stack.path("values"), "\"values\" is ignored because \"value\" is present"))
            return
        }
        note("values", "select values is old dialect; read as the initial selection in value")
        let chosen = Options.sorted(values.keys).filter { key in
            switch values[key] {
            case .bool(true)?, .number(1)?, .string("1")?, .string("true")?: true
            default: false
            }
        }
        if members[.multi] == .bool(true) {
            members[.value] = .array(chosen.map(JSONValue.string))
        } else if let first = chosen.first {
            members[.value] = .string(first)
        }
    }

    private mutating func normalizeNavigation(_ members: inout JSONObject) {
        emptyArrayAsObject(&members, .effects)
        let slidefrom = members[.slidefrom]
        let button = members[.button]
        guard members[.implementation] == nil, slidefrom != nil || button != nil || members[.data] != nil else {
            return
        }
        var implementation: JSONObject = ["style": "slidefrom"]
        if let slidefrom {
            implementation["position"] = slidefrom
            alias(steps: [.key("implementation"), .key("position")], to: [.key("slidefrom")])
        } else if let position = button?[.position] {
            implementation["position"] = position
            alias(steps: [.key("implementation"), .key("position")], to: [.key("button"), .key("position")])
        } else {
            implementation["position"] = "left"
        }
        if let icon = button?[.icon] {
            implementation["image"] = icon.stringValue.map { name in
                .string(imageFolder.map { Images.resolve(name: name, inFolder: $0) } ?? name)
            } ?? icon
            alias(steps: [.key("implementation"), .key("image")], to: [.key("button"), .key("icon")])
        }
        members[.implementation] = .object(implementation)
        if slidefrom != nil {
            members[.slidefrom] = nil
            note("slidefrom", "navigation slidefrom is old dialect; read as implementation")
        }
        if button != nil {
            members[.button] = nil
            note("button", "navigation button is old dialect; read as implementation")
        }
        if case .array(var items)? = members[.data] {
            members[.data] = nil
            note("data", "navigation data is old dialect; read as menuEntry components")
            stack.push("data")
            for index in items.indices {
                stack.push(index)
                items[index].withObject { entry in
                    entry[.type] = "menuEntry"
                    methodString(&entry, .method, formdata: false)
                }
                stack.pop()
            }
            stack.pop()
            if members[.components] == nil {
                members[.components] = .array(items)
                alias("components", to: "data")
            }
        } else if members[.data] != nil {
            note("data", "a dynamic navigation menu is old dialect")
        }
    }

    private mutating func normalizeTable(_ members: inout JSONObject) {
        if case .object(let cell)? = members[.cell], let field = cell[.display] {
            members[.cell] = .array([.object(["field": field])])
            alias(steps: [.key("cell"), .index(0), .key("field")], to: [.key("cell"), .key("display")])
            alias(steps: [.key("cell"), .index(0)], to: [.key("cell")])
            note("cell", "table cell {display} is old dialect; read as one column")
        }
        if members[.section] != nil {
            members[.section] = nil
            note("section", "table section is old dialect and has no meaning; ignored")
        }
        for key: WireKey in [.font, .fontsize] where members.has(key) {
            note(key.name, "a table-level \(key) is old dialect; the new dialect styles each column")
        }
        for key: WireKey in [.cell, .header] {
            guard case .array(let columns)? = members[key] else { continue }
            // Only columns with an old form are rewritten; the others are left uncopied.
            var rewritten: [JSONValue] = []
            stack.push(key.name)
            for (index, element) in columns.enumerated() {
                guard case .object(let original) = element,
                      original.has(.colour) || original[.fontsize]?.stringValue != nil else { continue }
                stack.push(index)
                var column = original
                renameColour(&column)
                numericString(&column, .fontsize)
                if rewritten.isEmpty { rewritten = columns }
                rewritten[index] = .object(column)
                stack.pop()
            }
            stack.pop()
            if !rewritten.isEmpty { members[key] = .array(rewritten) }
        }
    }

    private mutating func normalizeWeb(_ members: inout JSONObject) {
        guard case .object(var data)? = members[.data], let html = data[.html] else { return }
        data[.html] = nil
        members[.data] = data.isEmpty ? nil : .object(data)
        if members[.content] == nil {
            members[.content] = html
            alias(steps: [.key("content")], to: [.key("data"), .key("html")])
            note(steps: [.key("data"), .key("html")], "web data.html is old dialect; read as content")
        } else {
            issues.append(.warning(.supersededKey, at: JSONPath(steps: stack.steps + [.key("data"), .key("html")]),
                                   "\"data.html\" is ignored because \"content\" is present"))
        }
    }
}
