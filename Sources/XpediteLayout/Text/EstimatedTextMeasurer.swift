/// A deterministic text measurer that needs no fonts: every character is assumed to be
/// ``advance`` × the font size wide, lines are ``lineHeight`` × the font size tall, and text
/// wraps at spaces (docs/layout.md, "Text measuring").
///
/// With the defaults (0.5 and 1.2) a 17 pt line holds `floor(width / 8.5)` characters and is
/// 20.4 pt tall. The algorithm, easy to follow by hand:
/// 1. Empty text has no lines. Otherwise the text is split into paragraphs at line breaks
///    (`\n`, `\r\n`, `\r`); an empty paragraph is one blank line.
/// 2. A line holds `N = max(1, floor(width / (advance × size)))` characters (grapheme
///    clusters).
/// 3. Words (runs of characters between spaces) are placed greedily, one space between two
///    words on a line; a word that does not fit starts a new line; a word longer than `N`
///    fills whole lines of `N` characters and continues on the next.
/// 4. Height = lines × ``lineHeight`` × size.
///
/// The font name is ignored: only the size matters.
public struct EstimatedTextMeasurer: TextMeasurer, Hashable {
    /// The average character width, as a fraction of the font size.
    public var advance: Double
    /// The line height, as a fraction of the font size.
    public var lineHeight: Double

    /// Creates a measurer; the defaults approximate the system font.
    public init(advance: Double = 0.5, lineHeight: Double = 1.2) {
        self.advance = advance
        self.lineHeight = lineHeight
    }

    /// The height of `text` wrapped at `width`: lines × 1.2 em.
    public func height(of text: String, font: TextFont, width: Double) -> Double {
        Double(lineCount(of: text, font: font, width: width)) * lineHeight * font.size
    }

    /// The number of lines `text` wraps to at `width` points.
    public func lineCount(of text: String, font: TextFont, width: Double) -> Int {
        if text.isEmpty { return 0 }
        let capacity = charactersPerLine(font: font, width: width)
        var lines = 0
        var paragraphs: [Substring] = []
        var current = text[...]
        // Paragraphs: split at \r\n, \n and \r (Character treats \r\n as one).
        while true {
            if let end = current.firstIndex(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
                paragraphs.append(current[..<end])
                current = current[current.index(after: end)...]
            } else {
                paragraphs.append(current)
                break
            }
        }
        for paragraph in paragraphs {
            lines += EstimatedTextMeasurer.lineCount(ofParagraph: paragraph, capacity: capacity)
        }
        return lines
    }

    /// `N`: how many characters fit on one line.
    public func charactersPerLine(font: TextFont, width: Double) -> Int {
        let characterWidth = advance * font.size
        guard characterWidth > 0, width.isFinite, width > 0 else { return 1 }
        // A tiny epsilon keeps exact fits exact despite binary fractions (88.4 / 8.84).
        let fitting = (width / characterWidth + 1e-9).rounded(.down)
        return fitting >= 1 ? Int(min(fitting, 1e15)) : 1
    }

    private static func lineCount(ofParagraph paragraph: Substring, capacity: Int) -> Int {
        var lines = 1
        var used = 0
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
            var length = word.count
            if used > 0 {
                if used + 1 + length <= capacity {
                    used += 1 + length
                    continue
                }
                lines += 1
            }
            while length > capacity {
                lines += 1
                length -= capacity
            }
            used = length
        }
        return lines
    }
}
