import Testing
@testable import XpediteSimulator

@Suite("HTML escaping")
struct HTMLEscapingTests {
    @Test(arguments: [
        ("<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"),
        ("a & b", "a &amp; b"),
        ("\"quoted\"", "&quot;quoted&quot;"),
        ("it's", "it&#39;s"),
        ("</script><script>alert(1)</script>", "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("&lt;", "&amp;lt;"),
        ("nul\u{0}byte", "nul\u{FFFD}byte"),
        ("Grüße 👋", "Grüße 👋"),
        ("", ""),
    ])
    func escapes(_ input: String, _ expected: String) {
        #expect(HTML.escape(input) == expected)
    }

    @Test func attributeValuesCannotBreakOut() {
        var writer = HTMLWriter()
        writer.element("div", [.init("title", "\" onmouseover=\"alert(1)"), .init("data-id", "x' y")], text: "<b>")
        #expect(writer.html == "<div title=\"&quot; onmouseover=&quot;alert(1)\" data-id=\"x&#39; y\">&lt;b&gt;</div>")
    }

    @Test func nilAttributesAreLeftOutAndEmptyOnesAreBoolean() {
        var writer = HTMLWriter()
        writer.void("input", [.init("type", "checkbox"), .init("checked", ""), .init("disabled", nil)])
        #expect(writer.html == "<input type=\"checkbox\" checked=\"\">")
    }

    @Test func escapedOutputHasNoMarkupCharacters() {
        let hostile = (0..<128).map { String(UnicodeScalar(UInt8($0))) }.joined()
        let escaped = HTML.escape(hostile)
        #expect(!escaped.contains("<"))
        #expect(!escaped.contains(">"))
        #expect(!escaped.contains("\""))
        #expect(!escaped.contains("'"))
    }
}
