/// Builds an HTML fragment. Element and attribute names are `StaticString`s written in this
/// module; every text and attribute value is passed through ``HTML/escape(_:)``. There is no way
/// to append unescaped text.
public struct HTMLWriter: Sendable {
    /// An attribute: a fixed name and a value that will be escaped. A `nil` value leaves the
    /// attribute out; an empty value writes a boolean attribute (`hidden=""`).
    public struct Attribute: Sendable {
        let name: StaticString
        let value: String?

        /// Creates an attribute.
        public init(_ name: StaticString, _ value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// The fragment written so far.
    public private(set) var html = ""

    /// Creates an empty writer.
    public init() {}

    /// Opens an element: `<tag attributes…>`.
    public mutating func open(_ tag: StaticString, _ attributes: [Attribute] = []) {
        html += "<"
        html += tag.description
        for attribute in attributes {
            guard let value = attribute.value else { continue }
            html += " "
            html += attribute.name.description
            html += "=\""
            html += HTML.escape(value)
            html += "\""
        }
        html += ">"
    }

    /// Closes an element: `</tag>`.
    public mutating func close(_ tag: StaticString) {
        html += "</"
        html += tag.description
        html += ">"
    }

    /// Writes escaped text.
    public mutating func text(_ text: String) {
        html += HTML.escape(text)
    }

    /// Writes an element holding only escaped text: `<tag …>text</tag>`.
    public mutating func element(_ tag: StaticString, _ attributes: [Attribute] = [], text: String = "") {
        open(tag, attributes)
        self.text(text)
        close(tag)
    }

    /// Writes an element without content or end tag (`input`, `img`).
    public mutating func void(_ tag: StaticString, _ attributes: [Attribute] = []) {
        open(tag, attributes)
    }

    /// Writes an element whose content `body` writes.
    public mutating func element(_ tag: StaticString, _ attributes: [Attribute] = [], _ body: (inout HTMLWriter) -> Void) {
        open(tag, attributes)
        body(&self)
        close(tag)
    }
}
