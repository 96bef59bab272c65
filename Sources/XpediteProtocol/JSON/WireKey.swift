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
    case bundleID, uuid, bounds, xpediteVersion, appearance, row, offset, limit
    // Old dialect
    case colour, slidefrom, button, values, display, html, section

    /// The key as it is written on the wire.
    var name: String { WireKey.names[Int(rawValue)] }

    /// The interned key for a wire key, ``unknown`` for keys the protocol does not define.
    ///
    /// Every member of every parsed packet comes through here, so it is an open-addressing table
    /// with an FNV-1a hash of the key's bytes: a few dozen instructions where `Dictionary` would
    /// run SipHash.
    init(name: String) {
        var slot = Int(WireKey.hash(name) & WireKey.tableMask)
        while true {
            let candidate = WireKey.table[slot]
            if candidate == 0 {
                self = .unknown
                return
            }
            if WireKey.names[Int(candidate)] == name {
                self = WireKey(rawValue: candidate) ?? .unknown
                return
            }
            slot = (slot + 1) & Int(WireKey.tableMask)
        }
    }

    private static func hash(_ name: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }

    private static let tableMask: UInt32 = 255

    /// Slot → raw value of the key stored there (0: empty); linear probing.
    private static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: Int(tableMask) + 1)
        for key in allCases.dropFirst() {
            var slot = Int(hash(key.name) & tableMask)
            while table[slot] != 0 { slot = (slot + 1) & Int(tableMask) }
            table[slot] = key.rawValue
        }
        return table
    }()

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
}
