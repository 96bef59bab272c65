import Foundation
import Testing
import XpediteClient
import XpediteLayout
import XpediteProtocol
@testable import XpediteSimulator

/// What issue 20 found drawn wrong, in the HTML: table alignment and ellipses, the old section
/// box, field titles, `web` over `content`, font fallbacks, component errors. The browser suite
/// (Tests/Browser: test_geometry.py, test_fidelity.py) checks the same in Chromium.
@Suite("Rendering fidelity")
struct FidelityRenderingTests {
    @Test func aCellsTextIsABlockInsideItsCellSoAlignAndTheEllipsisWork() async throws {
        let html = try await renderedHTML(screen: """
            {"rc":0,"components":[{"type":"table","data":{"dynamic":"rows"},
             "header":[{"text":"Name","width%":60},{"text":"Score","width%":40,"align":"right"}],
             "cell":[{"field":"name","width%":60},{"field":"score","width%":40,"align":"right"}]}]}
            """, rows: #"{"rc":0,"data":[{"name":"Carol Longname-Worthington","score":42}]}"#)
        #expect(html.contains("text-align:right\"><span class=\"x-cell-text\">Score</span></div>"), "\(html)")
        #expect(html.contains("text-align:right\"><span class=\"x-cell-text\">42</span></div>"), "\(html)")
        #expect(html.contains("<span class=\"x-cell-text\">Carol Longname-Worthington</span>"), "\(html)")
    }

    @Test func theStyleSheetGivesCellTextABlockWithAnEllipsis() throws {
        let file = try #require(try StaticFiles.load().file(named: "simulator.css"))
        let css = String(decoding: file.contents, as: UTF8.self)
        #expect(css.contains(".x-cell-text { display: block; flex: 1 1 auto; min-width: 0; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }"))
        #expect(!css.contains("white-space: nowrap; text-overflow: ellipsis; }\n.x-cell.x-multiline { display: -webkit-box"))
    }

    @Test func anOldSectionBoxDrawsItsCaptionInItsRowAndItsComponentsInsideIt() async throws {
        let state = try await renderedState(screen: """
            {"rc":0,"components":[{"type":"section","title":"Name","components":[{"type":"textbox","name":"a","title":"First"}]}]}
            """)
        let box = try #require(state.frames?.node(at: [0]))
        #expect(box.parts.map(\.kind) == [.titleRow])
        #expect(box.content?.frame == LayoutRect(x: 8, y: 32, width: 377, height: 44))
        let html = ScreenRenderer().render(state)
        #expect(html.contains("<div class=\"x-box-title\" style=\"left:0px;top:0px;width:393px;height:32px\">Name</div>"), "\(html)")
        #expect(html.contains("<div class=\"x-inner\" style=\"left:8px;top:32px;width:377px;height:44px\">"), "\(html)")
    }

    @Test(arguments: [
        // A standalone text box keeps its title when it has a value and no placeholder…
        (##"{"type":"textbox","name":"d","title":"Description","value":"Part 23/5"}"##,
         "<span class=\"x-floating-title\">Description</span><input"),
        (##"{"type":"password","name":"p","title":"Password"}"##, "<span class=\"x-floating-title\">Password</span><input"),
        // …and a text view shows its title with a value or a placeholder, in a form too.
        (##"{"type":"textview","name":"c","title":"Content","value":"It was the best of times"}"##,
         "<span class=\"x-floating-title\">Content</span><textarea"),
        (##"{"type":"form","id":"f","components":[{"type":"textview","name":"n","title":"Notes","placeholder":"Enter notes..."}]}"##,
         "<span class=\"x-floating-title\">Notes</span><textarea"),
    ] as [(String, String)])
    func fieldTitlesStayVisible(_ component: String, _ expected: String) async throws {
        let html = try await renderedHTML(screen: ##"{"rc":0,"components":[\##(component)]}"##)
        #expect(html.contains(expected), "\(html)")
        #expect(!html.contains("placeholder=\"Description\"") && !html.contains("placeholder=\"Content\"")
                && !html.contains("placeholder=\"Password\""), "a title is no placeholder: it would go with a value")
    }

    @Test func webWinsOverContent() async throws {
        let html = try await renderedHTML(screen: """
            {"rc":0,"components":[{"type":"web","web":"https://example.com","content":"<h1>Hello</h1>"}]}
            """)
        #expect(html.contains("<iframe sandbox=\"\" src=\"https://example.com\""), "\(html)")
        #expect(!html.contains("srcdoc"))
        let content = try await renderedHTML(screen: #"{"rc":0,"components":[{"type":"web","content":"<h1>Hello</h1>"}]}"#)
        #expect(content.contains("srcdoc=\"&lt;h1&gt;Hello&lt;/h1&gt;\""))
        let old = try await renderedHTML(screen: #"{"rc":0,"components":[{"type":"web","data":{"html":"<p>Old</p>"}}]}"#)
        #expect(old.contains("srcdoc=\"&lt;p&gt;Old&lt;/p&gt;\""))
    }

    @Test(arguments: [
        ("Georgia", FontStack.Kind.serif), ("Times New Roman", .serif), ("PT Serif", .serif), ("Courier", .monospace),
        ("Menlo", .monospace), ("Noto Sans Mono", .monospace), ("SF Pro Rounded", .rounded),
        ("Arial Rounded MT Bold", .rounded), ("Snell Roundhand", .handwriting), ("Helvetica", .sansSerif),
        ("Microsoft Sans Serif", .sansSerif), ("Avenir Next", .sansSerif),
    ])
    func aFamilyFallsBackToFacesOfItsKind(_ family: String, _ kind: FontStack.Kind) {
        #expect(FontStack.kind(of: family) == kind)
    }

    @Test func aLabelsFontStackEndsInTheGenericFamilyOfItsKind() async throws {
        let html = try await renderedHTML(screen: """
            {"rc":0,"components":[{"type":"label","text":"a","font":"Georgia"},{"type":"label","text":"b","font":"Courier"},
             {"type":"label","text":"c","font":"SF Pro Rounded"}]}
            """)
        #expect(html.contains("font-family:&#39;Georgia&#39;,ui-serif,Georgia,&#39;Times New Roman&#39;,Times,serif"), "\(html)")
        #expect(html.contains("font-family:&#39;Courier&#39;,ui-monospace,Menlo,&#39;Courier New&#39;,Courier,monospace"), "\(html)")
        #expect(html.contains("font-family:&#39;SF Pro Rounded&#39;,ui-rounded,"), "\(html)")
    }

    @Test func theSimulatorShowsAScreensComponentErrorsInOneAlert() async throws {
        let transport = InProcessTransport { _ in
            Data(#"{"rc":0,"components":[{"type":"textbox","title":"Name"},{"type":"label","text":"Hi"}]}"#.utf8)
        }
        let client = try XpediteClient(transport: transport, configuration: ClientConfiguration(reportsComponentErrors: true))
        await client.connect()
        await client.settle()
        let html = ScreenRenderer().render(await client.state)
        #expect(html.contains("<p class=\"x-alert-message\" data-kind=\"components\">This screen has 1 problem:\n"
                              + "$.components[0]: textbox requires &quot;name&quot; (not drawn)</p>"), "\(html)")
    }
}
