/// A key of the protocol, interned: each object member's key is looked up once when a packet is
/// parsed, and every later pass (normaliser, checker, linter, model reader) finds members by
/// comparing these small integers instead of hashing or comparing strings.
enum WireKey: UInt8, CaseIterable, Sendable {
    /// A key the protocol does not define.
    case unknown
    // Components
    case type, id, size, background, text, color, font, fontsize, align, url, name, style, icon, method, onEnter
    case title, placeholder, value, keyboard, returnkey, autotext, focus, initialHeight, options, multi, disabled
    case save, saveNavigation, cancel, cancelNavigation, components, web, content, data, cell, header, clickRow
    case refresh, implementation, effects, symbol, field, widthPercent, lines, scroll, position, image
    case shadePercent, shrinkPercent
    // Method dicts
    case function, parameters, formdata, navigation, selected
    // Size dicts
    case x, y, width, height, xPercent, yPercent, heightPercent, xPlus, yPlus, relativeHeightPercent
    case centrex, centrey, centreYFlag, centreXFlag, centerXFlag, centerYFlag
    // Packets
    case rc, token, version, disposition, setDefaults, images, time, load, seconds, dynamic, max
    case bundleID, uuid, bounds, xpediteVersion, row, offset, limit
    // Old dialect
    case colour, slidefrom, button, values, display, html, section

    /// The key as it is written on the wire.
    var name: String { WireKey.names[Int(rawValue)] }

    /// The interned key for a wire key, ``unknown`` for keys the protocol does not define.
    init(name: String) {
        self = WireKey.byName[name] ?? .unknown
    }

    private static let names: [String] = allCases.map { key in
        switch key {
        case .unknown: ""
        case .widthPercent: "width%"
        case .xPercent: "x%"
        case .yPercent: "y%"
        case .heightPercent: "height%"
        case .xPlus: "x+"
        case .yPlus: "y+"
        case .relativeHeightPercent: "relative-height%"
        case .centreYFlag: "centre-y"
        case .centreXFlag: "centre-x"
        case .centerXFlag: "center-x"
        case .centerYFlag: "center-y"
        case .shadePercent: "shade%"
        case .shrinkPercent: "shrink%"
        default: "\(key)"
        }
    }

    private static let byName: [String: WireKey] = Dictionary(
        uniqueKeysWithValues: allCases.dropFirst().map { ($0.name, $0) })
}
