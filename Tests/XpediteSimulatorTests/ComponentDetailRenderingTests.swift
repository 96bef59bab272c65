import Testing
import XpediteClient
import XpediteLayout
import XpediteProtocol
@testable import XpediteSimulator

/// Details of docs/protocol/components/README.md, docs/protocol/values.md the renderer draws:
/// images named by a reference (bar buttons, menu entries, button icons), the panel's shade and
/// shrink, button alignment, field backgrounds and keyboard hints, text-style fonts.
@Suite("Rendering component details")
struct ComponentDetailRenderingTests {
    @Test func panelShadeDefaultsToInvisibleAndTheOldShrinkScalesTheContent() async throws {
        let html = try await renderedHTML(screen: """
            {"rc":0,"components":[{"type":"navigation","implementation":{"style":"slidefrom","position":"left"},
             "components":[{"type":"menuEntry","text":"A","method":{"function":"a"}},{"type":"menuEntry","text":"B","method":{"function":"b"}}]}]}
            """)
        #expect(html.contains("class=\"x-shade\" data-close=\"menu-0\" style=\"opacity:0\""), "\(html)")
        #expect(!html.contains("data-shrink"))
        let shrunk = try await renderedHTML(screen: """
            {"rc":0,"components":[{"type":"navigation","slidefrom":"left","effects":{"shade%":30,"shrink%":20},
             "data":[{"text":"Help","method":"help"},{"text":"Home","method":"home"}]}]}
            """)
        #expect(shrunk.contains("style=\"opacity:0.3\" data-shrink=\"0.8\""), "\(shrunk)")
    }

    @Test func barButtonAndPanelEntriesShowTheirImages() async throws {
        let html = try await renderedHTML(screen: """
            {"rc":0,"images":[{"id":"menu","url":"https://cdn/menu.png"},{"id":"home","url":"https://cdn/home.png"}],
             "components":[{"type":"navigation","implementation":{"style":"slidefrom","position":"left","image":"menu","icon":"gear"},
             "components":[{"type":"menuEntry","text":"Home","icon":"home","method":{"function":"home"}},
                           {"type":"menuEntry","text":"Other","method":{"function":"other"}}]}]}
            """)
        let bar = try #require(html.range(of: "class=\"x-bar-button\""))
        #expect(html[bar.upperBound...].prefix(300).contains("<img class=\"x-icon\" src=\"https://cdn/menu.png\""), "\(html)")
        #expect(!html.contains(">⚙<"), "implementation.image wins over icon")
        #expect(html.contains("<img class=\"x-icon\" src=\"https://cdn/home.png\" alt=\"\" data-image=\"\">Home</button>"), "\(html)")
    }

    @Test func oldButtonIconsAreFilesInTheImagesFolderAndGoThroughTheTabsEngine() async throws {
        let state = try await renderedState(screen: """
            {"rc":"0","images":{"url":"https://my.app/images","type":"image"},
             "components":[{"type":"navigation","slidefrom":"right","button":{"position":"right","icon":"hamburger.png"},
             "data":[{"text":"Help","method":"help"},{"text":"Home","method":"home"}]}]}
            """)
        let direct = ScreenRenderer().render(state)
        #expect(direct.contains("src=\"https://my.app/images/hamburger.png\""), "\(direct)")
        let routed = ScreenRenderer(basePath: "", tab: "t1").render(state)
        #expect(routed.contains("src=\"/tab/t1/image?id="), "\(routed)")
    }

    @Test func buttonIconsAreSymbolsElseImageIdsAndAlignMovesTheContent() async throws {
        let html = try await renderedHTML(screen: """
            {"rc":0,"images":[{"id":"logo","url":"https://cdn/logo.png"}],"components":[
             {"type":"button","text":"Add","icon":"plus.circle","align":"left","method":{"function":"a"}},
             {"type":"button","text":"Brand","icon":"logo","align":"right","method":{"function":"b"}}]}
            """)
        #expect(html.contains("<span class=\"x-glyph\" title=\"plus.circle\">+</span>"))
        #expect(html.contains("<img class=\"x-icon\" src=\"https://cdn/logo.png\""))
        #expect(html.contains("text-align:left;justify-content:flex-start"))
        #expect(html.contains("text-align:right;justify-content:flex-end"))
    }

    @Test(arguments: [
        (##"{"type":"textbox","name":"u","autotext":"disable","background":"#FFEEDD"}"##,
         ["background:#FFEEDD", "autocapitalize=\"off\" autocorrect=\"off\" spellcheck=\"false\""]),
        (##"{"type":"textbox","name":"u","autotext":true}"##, ["autocorrect=\"on\" spellcheck=\"true\""]),
        (##"{"type":"password","name":"p","keyboard":"number"}"##,
         ["type=\"password\" inputmode=\"decimal\"", "autocapitalize=\"off\" autocorrect=\"off\" spellcheck=\"false\""]),
        (##"{"type":"textview","name":"n","title":"Notes"}"##, ["<span class=\"x-floating-title\">Notes</span><textarea"]),
        (##"{"type":"textbox","name":"e","title":"Email","placeholder":"you@example.com"}"##,
         ["<span class=\"x-floating-title\">Email</span><input", "placeholder=\"you@example.com\""]),
        (##"{"type":"textbox","name":"e","title":"Email"}"##, ["<span class=\"x-floating-title\">Email</span><input"]),
        (##"{"type":"select","name":"c","title":"Colour","options":{"r":"Red"}}"##, ["<span class=\"x-inline-title\">Colour</span><select"]),
        (##"{"type":"date","name":"d","title":"Born","value":"2000-01-02"}"##, ["<span class=\"x-inline-title\">Born</span><input type=\"date\""]),
        (##"{"type":"checkbox","name":"k","title":"OK","background":"#112233"}"##, ["background:#112233"]),
        (##"{"type":"web","content":"<p>x</p>","background":"#102030"}"##, ["x-node x-web x-has-background", "background:#102030"]),
        (##"{"type":"form","id":"f","style":"dialog","saveNavigation":"Sauvegarder","cancelNavigation":"Annuler","save":{"function":"s"},"cancel":{"function":"c"},"components":[]}"##,
         ["aria-label=\"Annuler\">✕</button>", "aria-label=\"Sauvegarder\">✓</button>"]),
    ] as [(String, [String])])
    func fieldDetails(_ component: String, _ expected: [String]) async throws {
        try await expectRendering(of: component, toContain: expected)
    }

    @Test func textStyleFontsHaveTheirSizeInTheLayoutAndThePage() async throws {
        let screen = ##"""
            {"rc":0,"components":[{"type":"label","text":"small","font":"footnote"},
             {"type":"label","text":"big","font":"title1"},{"type":"label","text":"sized","font":"caption","fontsize":20},
             {"type":"label","text":"bold","font":"Helvetica-Bold"},{"type":"label","text":"head","font":"headline"}]}
            """##
        let state = try await renderedState(screen: screen)
        let heights = (0..<5).map { state.frames?.node(at: [$0])?.frame.height }
        // One line of the estimate is 1.2 × the size, rounded by the layout.
        #expect(heights[0] ?? 0 < heights[4] ?? 0, "\(heights)")
        #expect(heights[1] ?? 0 > heights[4] ?? 0, "\(heights)")
        let html = ScreenRenderer().render(state)
        #expect(html.contains("font-size:13px"))
        #expect(html.contains("font-size:28px"))
        #expect(html.contains("font-size:20px") && !html.contains("font-size:12px"), "fontsize overrides the style's size")
        #expect(html.contains("font-weight:600;font-family:&#39;Helvetica&#39;,&#39;Helvetica Neue&#39;,Helvetica,Arial,system-ui,sans-serif"),
                "\(html)")
        #expect(!html.contains("'footnote'") && !html.contains("'headline'"))
    }

    @Test func textStylesMapTheProtocolsNames() {
        #expect(TextStyle(name: "title") == .title1)
        #expect(TextStyle(name: "caption") == .caption1)
        #expect(TextStyle(name: "LargeTitle") == .largeTitle)
        #expect(TextStyle(name: "Helvetica") == nil)
        #expect(TextStyle.footnote.size == 13)
    }
}
