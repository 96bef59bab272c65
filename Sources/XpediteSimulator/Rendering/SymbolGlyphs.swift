/// SF Symbol names (docs/protocol/components/display.md#button `icon`) mapped to a readable glyph,
/// since a browser has no SF Symbols. Variants (`.fill`, `.circle`, `.square`) fall back to their
/// base name; unknown names show a neutral square.
enum SymbolGlyphs {
    static let glyphs: [String: String] = [
        "plus": "+", "minus": "−", "xmark": "✕", "checkmark": "✓", "multiply": "×",
        "chevron.left": "‹", "chevron.right": "›", "chevron.up": "˄", "chevron.down": "˅",
        "arrow.left": "←", "arrow.right": "→", "arrow.up": "↑", "arrow.down": "↓",
        "arrow.clockwise": "↻", "arrow.counterclockwise": "↺", "arrow.triangle.2.circlepath": "⟳",
        "line.3.horizontal": "☰", "line.horizontal.3": "☰", "list.bullet": "☰", "ellipsis": "…",
        "gear": "⚙", "gearshape": "⚙", "house": "⌂", "magnifyingglass": "⌕", "star": "★",
        "heart": "♥", "trash": "🗑", "pencil": "✎", "square.and.pencil": "✎", "square.and.arrow.up": "⇪",
        "person": "👤", "person.2": "👥", "envelope": "✉", "phone": "✆", "bell": "🔔",
        "calendar": "📅", "clock": "🕒", "cart": "🛒", "doc": "📄", "folder": "📁", "lock": "🔒",
        "lock.open": "🔓", "info": "ⓘ", "questionmark": "?", "exclamationmark.triangle": "⚠",
        "camera": "📷", "photo": "🖼", "paperplane": "✈", "bookmark": "🔖", "tag": "🏷", "map": "🗺",
        "location": "➤", "globe": "🌐", "link": "🔗", "eye": "👁", "eye.slash": "◡", "power": "⏻",
        "play": "▶", "pause": "⏸", "stop": "■", "flag": "⚑", "creditcard": "💳", "bag": "👜",
    ]

    /// The glyph for a symbol name; a neutral square for an unknown name.
    static func glyph(for name: String) -> String {
        knownGlyph(for: name) ?? "◻︎"
    }

    /// The glyph for a symbol name, or `nil` when the name (without its variant suffixes) is not a
    /// known symbol: the `UIImage(systemName:)` returning nil of
    /// docs/protocol/components/display.md#button.
    static func knownGlyph(for name: String) -> String? {
        var candidate = name
        while true {
            if let glyph = glyphs[candidate] { return glyph }
            let suffixes = [".fill", ".circle", ".square", ".rectangle", ".badge"]
            guard let suffix = suffixes.first(where: { candidate.hasSuffix($0) }) else { return nil }
            candidate.removeLast(suffix.count)
        }
    }
}
