import Testing
import XpediteBuilder
import XpediteProtocol

/// The complete screen of docs/protocol/README.md#a-complete-screen, written with the DSL, is
/// exactly the JSON of the appendix.
@Suite("the complete screen of docs/protocol/README.md#a-complete-screen")
struct AppendixDTests {
    /// docs/protocol/README.md#a-complete-screen, verbatim.
    static let appendixD = #"""
    {
      "rc": 0, "token": "08829e57-56ec-42a8-8b84-061981c054c8", "version": 3,
      "title": "Customers", "background": "#F5F5F5", "time": 1744531200,
      "id": "customer-list", "disposition": {"type": "expiry", "seconds": 3600},
      "images": [{"id": "logo", "url": "https://my.app/images/logo.png", "load": "critical"}],
      "components": [
        {"type": "navigation", "id": "main-menu",
         "implementation": {"style": "slidefrom", "position": "left"},
         "effects": {"shade%": 40},
         "components": [
           {"type": "menuEntry", "text": "Main"},
           {"type": "menuEntry", "text": "Customers", "icon": "logo", "method": {"function": "listCustomers"}},
           {"type": "menuEntry"},
           {"type": "menuEntry", "text": "Logout", "method": {"function": "logout"}}]},
        {"type": "navigation",
         "implementation": {"style": "button", "position": "right", "icon": "plus"},
         "components": [{"type": "menuEntry", "method": {"function": "addCustomer"}}]},
        {"type": "image", "id": "logo", "size": {"width%": 40, "centrex": 0}},
        {"type": "table", "id": "customers",
         "data": {"dynamic": "listCustomers"}, "refresh": "Pull to refresh",
         "header": [{"text": "Name", "width%": 60, "font": "headline", "scroll": "off"},
                    {"text": "Score", "width%": 40, "align": "right", "scroll": "off"}],
         "cell":   [{"field": "name", "width%": 60},
                    {"field": "score", "width%": 40, "align": "right", "color": "#007AFF"}],
         "clickRow": {"function": "viewCustomer", "selected": "id"}}
      ]
    }
    """#

    /// The screen, as a server handler would write it.
    static let screen = Screen(title: "Customers") {
        Navigation.menu(id: "main-menu", .slideFrom(.left, shade: 40)) {
            MenuHeader("Main")
            MenuEntry("Customers", .call("listCustomers"), icon: "logo")
            MenuSeparator()
            MenuEntry("Logout", .call("logout"))
        }
        Navigation.menu(.barButton(.right, icon: "plus")) {
            MenuEntry(.call("addCustomer"))
        }
        Image(id: "logo").size(width: .percent(40), centreX: 0)
        Table(data: .dynamic("listCustomers"), refresh: "Pull to refresh",
              clickRow: .call("viewCustomer", selected: "id")) {
            Column("Name", field: "name", width: .percent(60)).headerFont("headline")
            Column("Score", field: "score", width: .percent(40), align: .right).color(.rgb(0x007AFF))
        }
        .fixedHeader()
        .id("customers")
    }
    .token("08829e57-56ec-42a8-8b84-061981c054c8")
    .version(3)
    .background(.rgb(0xF5F5F5))
    .time(1744531200)
    .cached(id: "customer-list", .expiry(seconds: 3600))
    .images(ImageEntry(id: "logo", url: "https://my.app/images/logo.png", load: .critical))

    @Test("the DSL builds exactly the JSON of docs/protocol/README.md#a-complete-screen")
    func golden() throws {
        expectJSON(Self.screen.json, try JSONValue(parsing: Self.appendixD))
    }

    @Test("the DSL builds exactly the complete-screen fixture of Tests/Fixtures")
    func fixture() throws {
        expectJSON(Self.screen.json, try Fixtures.json("valid", "spec-appendix-d-screen.json"))
    }

    @Test("the screen validates with no issue at all, as a setConnection reply too")
    func validates() throws {
        #expect(Self.screen.validate().issues.isEmpty)
        #expect(Self.screen.validate(options: ValidationOptions(isConnectionReply: true)).issues.isEmpty)
        #expect(try Self.screen.validated() == Self.screen.packet)
    }

    @Test("the screen decodes back into the same packet")
    func roundTrips() throws {
        let decoded = try PacketDecoder().decodeResponse(Self.screen.json)
        #expect(decoded.issues.isEmpty)
        #expect(decoded.packet == Self.screen.packet)
    }
}
