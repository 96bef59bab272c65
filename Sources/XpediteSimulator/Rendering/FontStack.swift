/// The CSS font stack of a protocol font family (docs/protocol/values.md#fonts): the family first,
/// then faces of the same kind — serif, monospace, rounded, handwritten or sans-serif — ending in
/// the generic family of that kind. A family the machine lacks (Georgia on Linux) then falls back
/// to a face of its own kind, as a phone would draw the server's intent, not to the system sans
/// face.
///
/// The family name must already be sanitised (letters, digits, spaces and hyphens only).
enum FontStack {
    /// What a family looks like.
    enum Kind: Equatable {
        case sansSerif, serif, monospace, rounded, handwriting
    }

    /// The `font-family` value for `family`.
    static func css(family: String) -> String {
        "'\(family)',\(fallback(for: kind(of: family)))"
    }

    /// The faces behind a family of `kind`; each ends in a generic family. The `ui-…` names are
    /// Apple's system faces (skipped by browsers without them).
    static func fallback(for kind: Kind) -> String {
        switch kind {
        case .sansSerif: "'Helvetica Neue',Helvetica,Arial,system-ui,sans-serif"
        case .serif: "ui-serif,Georgia,'Times New Roman',Times,serif"
        case .monospace: "ui-monospace,Menlo,'Courier New',Courier,monospace"
        case .rounded: "ui-rounded,'SF Pro Rounded','Arial Rounded MT Bold',system-ui,sans-serif"
        case .handwriting: "'Snell Roundhand','Apple Chancery','Bradley Hand',cursive"
        }
    }

    /// The kind of a family: a known family by name (the faces of iOS and the usual web ones),
    /// else by the words in its name ("PT Serif", "Noto Sans Mono", "Arial Rounded MT Bold").
    static func kind(of family: String) -> Kind {
        let name = family.lowercased().filter { $0.isLetter || $0.isNumber }
        if let known = known[name] { return known }
        let words = family.lowercased()
        if words.contains("mono") || words.contains("courier") || words.contains("code") { return .monospace }
        if words.contains("rounded") { return .rounded }
        if words.contains("serif") && !words.contains("sans") { return .serif }
        if words.contains("script") || words.contains("hand") { return .handwriting }
        return .sansSerif
    }

    /// Families by their lowercased letters and digits.
    private static let known: [String: Kind] = {
        var table: [String: Kind] = [:]
        let serif = ["Georgia", "Times", "Times New Roman", "TimesNewRomanPSMT", "Palatino", "Palatino Linotype",
                     "Baskerville", "Didot", "Bodoni 72", "Bodoni", "Cochin", "Hoefler Text", "Charter",
                     "Iowan Old Style", "New York", "Big Caslon", "Book Antiqua", "Garamond", "Cambria",
                     "American Typewriter", "Rockwell", "Superclarendon", "Athelas", "Charis SIL", "Constantia"]
        let monospace = ["Menlo", "Monaco", "SF Mono", "Consolas", "Andale Mono", "Lucida Console", "PT Mono"]
        let rounded = ["SF Pro Rounded", "Varela Round", "Nunito", "Quicksand"]
        let handwriting = ["Snell Roundhand", "Zapfino", "Noteworthy", "Chalkboard SE", "Chalkboard", "Marker Felt",
                           "Bradley Hand", "Savoye LET", "Party LET", "Chalkduster", "Apple Chancery", "Comic Sans MS"]
        for (names, kind) in [(serif, Kind.serif), (monospace, .monospace), (rounded, .rounded), (handwriting, .handwriting)] {
            for name in names { table[name.lowercased().filter { $0.isLetter || $0.isNumber }] = kind }
        }
        return table
    }()
}
