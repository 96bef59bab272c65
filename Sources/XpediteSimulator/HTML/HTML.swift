/// The one audited escaping function of the simulator: every piece of text that reaches the
/// browser — component texts, table cells, packet JSON, attribute values — goes through
/// ``escape(_:)``, called only by ``HTMLWriter``. Tag and attribute names are `StaticString`s, so
/// no text from a packet can ever become markup.
public enum HTML {
    /// Escapes `text` for use as element content or as a double- or single-quoted attribute
    /// value: `&`, `<`, `>`, `"` and `'` become character references, and NUL (which browsers
    /// replace anyway) becomes U+FFFD. Everything else passes unchanged.
    ///
    /// ```swift
    /// HTML.escape("<img src=x onerror=alert(1)>")   // "&lt;img src=x onerror=alert(1)&gt;"
    /// ```
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\u{0}": escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
