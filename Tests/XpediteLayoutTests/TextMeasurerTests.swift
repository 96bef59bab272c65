import Testing
import XpediteLayout
import XpediteProtocol

/// The default, font-free text measurer: 0.5 em per character, 1.2 em per line, greedy word wrap.
@Suite("EstimatedTextMeasurer")
struct TextMeasurerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let size: Double
        let width: Double
        let lines: Int
        var testDescription: String { "\"\(text)\" at \(size) pt in \(width) pt" }
    }

    static let cases: [Case] = [
        Case(text: "", size: 17, width: 393, lines: 0),
        Case(text: "Hello", size: 17, width: 393, lines: 1),
        Case(text: "aaaa bbbb", size: 20, width: 90, lines: 1),         // 9 characters, N = 9
        Case(text: "aaaa bbbbb", size: 20, width: 90, lines: 2),        // 10 characters, N = 9
        Case(text: "abcdefghijklmnopqrstuvwxy", size: 20, width: 100, lines: 3),
        Case(text: "abcdefghijklmnopqrst", size: 20, width: 100, lines: 2),
        Case(text: "one two three four five six seven eight nine ten eleven twelve thirteen", size: 20, width: 400,
             lines: 2),
        Case(text: "a\n\nb", size: 17, width: 393, lines: 3),
        Case(text: "a\r\nb\rc", size: 17, width: 393, lines: 3),
        Case(text: "   ", size: 17, width: 393, lines: 1),
        Case(text: "a  b", size: 20, width: 30, lines: 1),               // runs of spaces count as one
        Case(text: "Hi", size: 17, width: 0, lines: 2),                  // zero width: one character a line
        Case(text: "x", size: 17, width: 1e9, lines: 1),
        Case(text: "héllo wörld 👋🏽", size: 20, width: 70, lines: 2),     // grapheme clusters count once
        Case(text: "abcde fghi", size: 17.68, width: 88.4, lines: 1),   // exactly 10 characters fit
    ]

    @Test("line count", arguments: cases)
    func lineCount(_ testCase: Case) {
        let measurer = EstimatedTextMeasurer()
        let font = TextFont(size: testCase.size)
        #expect(measurer.lineCount(of: testCase.text, font: font, width: testCase.width) == testCase.lines)
        #expect(measurer.height(of: testCase.text, font: font, width: testCase.width)
            == Double(testCase.lines) * 1.2 * testCase.size)
    }

    @Test("characters per line", arguments: [(17.0, 393.0, 46), (20, 400, 40), (10, 5, 1), (16, 0, 1), (20, 99.99, 9)])
    func capacity(size: Double, width: Double, characters: Int) {
        #expect(EstimatedTextMeasurer().charactersPerLine(font: TextFont(size: size), width: width) == characters)
    }

    @Test("a measurer the configuration supplies sizes labels; setDefaults and the label's own keys choose the font")
    func customMeasurer() {
        struct Recorder: TextMeasurer {
            func height(of text: String, font: TextFont, width: Double) -> Double {
                Double(text.count) + font.size / 100 + width / 10_000
            }
        }
        let packet = ResponsePacket(setDefaults: Defaults(font: .set("Georgia"), fontsize: .set(12)), components: [
            .label(Component.Label(text: "abc")),
            .label(Component.Label(text: "abcd", font: "Courier", fontsize: 30, size: SizeSpec(width: 200))),
        ])
        let engine = LayoutEngine(configuration: LayoutConfiguration(textMeasurer: Recorder(), roundingIncrement: 0))
        let tree = engine.layout(packet, bounds: Bounds(width: 400, height: 893))
        #expect(tree.components[0].frame.height == 3 + 0.12 + 0.04)
        #expect(tree.components[1].frame.height == 4 + 0.30 + 0.02)
    }

    @Test("defaults held from earlier screens are the fallback; the screen's setDefaults wins over them")
    func heldDefaults() {
        let label = Component.label(Component.Label(text: "x"))
        let engine = LayoutEngine()
        let bounds = Bounds(width: 400, height: 893)
        let held = Defaults(fontsize: .set(10))
        #expect(engine.layout(ResponsePacket(components: [label]), bounds: bounds, defaults: held)
            .components[0].frame.height == 12)
        let screen = ResponsePacket(setDefaults: Defaults(fontsize: .set(20)), components: [label])
        #expect(engine.layout(screen, bounds: bounds, defaults: held).components[0].frame.height == 24)
        let removed = ResponsePacket(setDefaults: Defaults(fontsize: .remove), components: [label])
        #expect(engine.layout(removed, bounds: bounds, defaults: held).components[0].frame.height == 20.4)
    }
}
