import Testing
import XpediteClient
import XpediteLayout
import XpediteProtocol
@testable import XpediteSimulator

/// Values in a `style` attribute of the fragment that follows `marker`.
func style(after marker: String, in html: String) -> String? {
    guard let start = html.range(of: marker) else { return nil }
    let rest = html[start.upperBound...]
    guard let open = rest.range(of: "style=\""), let close = rest[open.upperBound...].range(of: "\"") else { return nil }
    return String(rest[open.upperBound..<close.lowerBound])
}

@Suite("Rendering from the layout")
struct LayoutDrivenRenderingTests {
    @Test func rowHeightsGrowWithLinesAndFontAsTheLayoutMeasuresThem() async throws {
        let long = String(repeating: "word ", count: 30)
        let html = try await renderedHTML(screen: ##"""
            {"rc":0,"components":[{"type":"table","header":[{"text":"Name"}],
             "cell":[{"field":"n","lines":2,"fontsize":20}],"data":[{"n":"short"},{"n":"\##(long)"}]}]}
            """##)
        let state = try await renderedState(screen: ##"""
            {"rc":0,"components":[{"type":"table","header":[{"text":"Name"}],
             "cell":[{"field":"n","lines":2,"fontsize":20}],"data":[{"n":"short"},{"n":"\##(long)"}]}]}
            """##)
        guard case .table(let table)? = state.component(at: [0]), let node = state.frames?.node(at: [0]) else {
            Issue.record("no table")
            return
        }
        let layout = TableRowLayout(table: table)
        let width = node.parts.first { $0.kind == .column }?.frame.width ?? 0
        let short = layout.height(texts: ["short"], columns: table.cell ?? [], widths: [width])
        let tall = layout.height(texts: [long], columns: table.cell ?? [], widths: [width])
        #expect(short == 44)
        // Two lines of 20 pt text (the estimate's 1.2 line height) and the padding: cut at `lines`.
        #expect(tall == 68)
        #expect(html.contains("class=\"x-row\" style=\"height:44px\""))
        #expect(html.contains("class=\"x-row\" style=\"height:68px\""))
    }

    @Test func unlimitedLinesTakeTheWholeText() {
        let table = Component.Table(data: .rows([]), cell: [Component.Table.Column(field: "n", lines: 0)])
        let layout = TableRowLayout(table: table)
        let text = String(repeating: "word ", count: 40)
        // 17 pt at 0.5 em per character: 200 − 16 pt fit 21 characters, so 200 characters take 10 lines.
        #expect(layout.height(texts: [text], columns: table.cell ?? [], widths: [200]) == 224)
    }

    @Test(arguments: [("left", "left:"), ("right", "right:")])
    func aDropdownHangsBelowItsBarButtonOnEitherSide(_ side: String, _ edge: String) async throws {
        let screen = ##"""
            {"rc":0,"title":"T","components":[{"type":"navigation","implementation":{"style":"button","position":"\##(side)"},
             "components":[{"type":"menuEntry","text":"A","method":{"function":"a"}},{"type":"menuEntry","text":"B","method":{"function":"b"}}]}]}
            """##
        let state = try await renderedState(screen: screen, bounds: Bounds(width: 393, height: 852))
        let html = ScreenRenderer().render(state)
        guard let bar = state.frames?.node(at: [0])?.frame else {
            Issue.record("no bar button frame")
            return
        }
        let dropdown = style(after: "class=\"x-dropdown x-\(side)\"", in: html) ?? ""
        #expect(dropdown.contains("top:\(CSSStyle.number(bar.y + bar.height))px"))
        let offset = side == "left" ? bar.x : 393 - bar.x - bar.width
        #expect(dropdown.contains("\(edge)\(CSSStyle.number(offset))px"))
    }
}
