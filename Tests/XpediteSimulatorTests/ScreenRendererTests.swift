import Testing
import XpediteClient
import XpediteProtocol
@testable import XpediteSimulator

@Suite("Screen renderer")
struct ScreenRendererTests {
    /// One component of each type, with what its HTML must hold.
    @Test(arguments: [
        (##"{"type":"label","text":"Hello","color":"#FF0000","fontsize":20,"align":"centre"}"##,
         ["class=\"x-node x-label\"", ">Hello</div>", "color:#FF0000", "font-size:20px", "text-align:center"]),
        (##"{"type":"button","text":"Go","style":"button","icon":"chevron.right","method":{"function":"go"}}"##,
         ["x-button x-bordered", "data-action=\"press\"", "data-path=\"0\"", ">›</span>", ">Go</span>"]),
        (##"{"type":"button","text":"Plain","method":{"function":"go"}}"##, ["x-button x-plain"]),
        (##"{"type":"image","url":"https://example.com/a.png","size":{"width":100,"height":50}}"##,
         ["x-placeholder", "<img src=\"https://example.com/a.png\""]),
        (##"{"type":"textbox","name":"mail","placeholder":"you@example.com","keyboard":"email","returnkey":"next","value":"a@b.c"}"##,
         ["type=\"email\"", "placeholder=\"you@example.com\"", "enterkeyhint=\"next\"", "value=\"a@b.c\"", "data-kind=\"text\""]),
        (##"{"type":"password","name":"pw"}"##, ["type=\"password\"", "data-toggle=\"eye\""]),
        (##"{"type":"textview","name":"notes","value":"line"}"##, ["<textarea", ">line</textarea>"]),
        (##"{"type":"checkbox","name":"ok","title":"Agree","value":true}"##, ["type=\"checkbox\"", "checked=\"\"", ">Agree</span>"]),
        (##"{"type":"date","name":"day","value":"2026-01-02"}"##, ["type=\"date\"", "value=\"2026-01-02\""]),
        (##"{"type":"select","name":"c","options":{"b":"Bee","a":"Ay"},"value":"b"}"##,
         ["<select", "<option value=\"a\">Ay</option><option value=\"b\" selected=\"\">Bee</option>"]),
        (##"{"type":"radio","name":"r","options":{"x":"Ex","y":"Why"},"value":"y"}"##,
         ["type=\"radio\"", "value=\"y\" data-action=\"set\" data-kind=\"option\" data-path=\"0\" checked=\"\"", ">Why</span>"]),
        (##"{"type":"form","id":"f","title":"Profile","save":{"function":"s"},"cancel":{"function":"c"},"components":[{"type":"textbox","name":"n","title":"Name"}]}"##,
         ["x-inline", ">Profile</div>", "data-action=\"save\"", ">Save</button>", ">Cancel</button>", "class=\"x-field-title\"", ">Name</div>"]),
        (##"{"type":"form","id":"d","style":"dialog","title":"Edit","save":{"function":"s"},"cancel":{"function":"c"},"components":[]}"##,
         ["x-modal x-dialog-shade", "x-dialog", ">✕</button>", ">✓</button>"]),
        (##"{"type":"section","title":"About"}"##, ["x-header-row", ">About</span>"]),
        (##"{"type":"scrollview","components":[{"type":"label","text":"inside"}]}"##, ["x-inner x-scrolls", ">inside</div>"]),
        (##"{"type":"web","content":"<b>hi</b>"}"##, ["<iframe sandbox=\"\" srcdoc=\"&lt;b&gt;hi&lt;/b&gt;\""]),
        (##"{"type":"table","header":[{"text":"Name","width":"60%"},{"text":"Age","width":"40%"}],"cell":[{"field":"n","width":"60%"},{"field":"a","width":"40%","align":"right"}],"data":[{"n":"Ann","a":31}]}"##,
         ["x-thead", ">Name</span></div>", ">Ann</span></div>", ">31</span></div>", "text-align:right", "class=\"x-row\""]),
    ] as [(String, [String])])
    func rendersComponent(_ component: String, _ expected: [String]) async throws {
        try await expectRendering(of: component, toContain: expected)
    }

    @Test func everyTextIsEscaped() async throws {
        let injection = "<img src=x onerror=alert(1)>"
        let html = try await renderedHTML(screen: """
            {"rc":0,"title":"\(injection)","components":[
              {"type":"label","text":"\(injection)"},
              {"type":"button","text":"\(injection)","method":{"function":"x"}},
              {"type":"textbox","name":"t","placeholder":"\\"><script>","value":"\(injection)"},
              {"type":"select","name":"s","options":{"k":"\(injection)"}}
            ]}
            """)
        #expect(!html.contains("<img"))
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
    }

    @Test func titleBarAndWindowBackground() async throws {
        let html = try await renderedHTML(screen: ##"{"rc":0,"title":"Home","background":"#102030","components":[{"type":"label","text":"x"}]}"##)
        #expect(html.contains("class=\"x-titlebar\""))
        #expect(html.contains(">Home</span>"))
        #expect(html.contains("background:#102030"))
    }

    @Test func setDefaultsApplyToTheScreen() async throws {
        let html = try await renderedHTML(screen: ##"{"rc":0,"setDefaults":{"fontsize":21,"color":"#00FF00"},"components":[{"type":"label","text":"x"}]}"##)
        #expect(html.contains("font-size:21px"))
        #expect(html.contains("color:#00FF00;--x-default-color:#00FF00"), "plain buttons take the default colour, not the tint")
    }

    @Test func returnCodeMessagesAreDialogs() async throws {
        let html = try await renderedHTML(screen: ##"{"rc":"The name is required","components":[]}"##)
        #expect(html.contains("role=\"alertdialog\""))
        #expect(html.contains(">The name is required</p>"))
        #expect(html.contains("data-action=\"dismiss\""))
    }

    @Test func slideInNavigationHasBarButtonShadeAndEntries() async throws {
        let html = try await renderedHTML(screen: """
            {"rc":0,"title":"T","components":[{"type":"navigation","implementation":{"style":"slidefrom","position":"left"},
             "effects":{"shade%":50},"components":[{"type":"menuEntry","text":"Home","method":{"function":"home"}},
             {"type":"menuEntry","text":"Other","method":{"function":"other"}}]}]}
            """)
        #expect(html.contains("class=\"x-bar-button\""))
        #expect(html.contains("data-toggle=\"menu-0\""))
        #expect(html.contains("class=\"x-shade\" data-close=\"menu-0\" style=\"opacity:0.5\""))
        #expect(html.contains("x-panel x-left"))
        #expect(html.contains("data-action=\"menu\" data-path=\"0\" data-entry=\"1\""))
    }

    @Test func dynamicTablesShowLoadedRowsAndAskForMore() async throws {
        let rows = (1...40).map { ##"{"name":"Row \##($0)"}"## }.joined(separator: ",")
        let html = try await renderedHTML(
            screen: ##"{"rc":0,"components":[{"type":"table","data":{"dynamic":"rows"},"refresh":"Pull","clickRow":{"function":"tap"},"cell":[{"field":"name"}]}]}"##,
            rows: ##"{"rc":0,"max":100,"data":[\##(rows)]}"##)
        #expect(html.contains(">Row 40</span></div>"))
        #expect(!html.contains(">Row 41</span></div>"))
        #expect(html.contains("data-more=\"1\""))
        #expect(html.contains("data-action=\"refresh\""))
        #expect(html.contains("data-action=\"row\" data-path=\"0\" data-row=\"39\""))
    }

    /// docs/protocol/components/table.md `scroll`: "on" (the default, and the first entry's value
    /// when they disagree) makes the header the first row of the scrolling body; "off" keeps it
    /// fixed above a body that is shorter by the header's height.
    @Test(arguments: [(nil, nil, true), ("on", "off", true), ("off", nil, false), ("off", "on", false)] as [(String?, String?, Bool)])
    func tableHeaderScrollsWithTheRowsOrStaysFixed(_ first: String?, _ second: String?, _ scrolls: Bool) async throws {
        func column(_ text: String, _ scroll: String?) -> String {
            scroll.map { #"{"text":"\#(text)","scroll":"\#($0)"}"# } ?? #"{"text":"\#(text)"}"#
        }
        let html = try await renderedHTML(screen: ##"""
            {"rc":0,"components":[{"type":"table","size":{"height":300},"header":[\##(column("Name", first)),\##(column("Age", second))],
             "cell":[{"field":"n"},{"field":"a"}],"data":[{"n":"Ann","a":31}]}]}
            """##)
        let body = try #require(html.range(of: "class=\"x-tbody\""))
        let header = try #require(html.range(of: ">Name</span></div>"))
        #expect((header.lowerBound > body.lowerBound) == scrolls, "\(html)")
        #expect(html.contains("x-thead-scroll") == scrolls)
        let bodyStyle = try #require(style(after: "class=\"x-tbody\"", in: html))
        #expect(bodyStyle.contains(scrolls ? "top:0px" : "top:44px"), "\(bodyStyle)")
        #expect(bodyStyle.contains(scrolls ? "height:300px" : "height:256px"), "\(bodyStyle)")
    }

    @Test func manifestImagesLoadFromTheirURL() async throws {
        let html = try await renderedHTML(screen: ##"{"rc":0,"images":[{"id":"logo","url":"https://example.com/logo.png"}],"components":[{"type":"image","id":"logo","size":{"width":40,"height":40}}]}"##)
        #expect(html.contains("<img src=\"https://example.com/logo.png\""))
    }

    @Test func offlineBadge() {
        var state = ScreenState()
        state.isOffline = true
        #expect(ScreenRenderer().render(state).contains("x-offline-badge"))
    }
}
