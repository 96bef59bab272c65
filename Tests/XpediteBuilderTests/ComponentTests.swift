import Testing
import XpediteBuilder
import XpediteProtocol

/// One DSL element and the component JSON it must produce.
struct ComponentCase: Sendable, CustomTestStringConvertible {
    var name: String
    var screen: Screen
    var expected: JSONValue

    init(_ name: String, _ expected: JSONValue, @ScreenBuilder _ content: () -> [Component]) {
        self.name = name
        self.screen = Screen(content: content)
        self.expected = expected
    }

    var testDescription: String { name }
}

/// Every component and form field of docs/protocol/components/README.md, built with the DSL: the
/// JSON is what the protocol says, the validator finds nothing, and decoding gives back the same
/// packet.
@Suite("Components")
struct ComponentTests {
    static let cases: [ComponentCase] = [
        ComponentCase("label", ["type": "label", "text": "Hello"]) {
            Label("Hello")
        },
        ComponentCase("label, styled", [
            "type": "label", "id": "greeting", "text": "Hello", "color": "#333333", "font": "Helvetica-Bold",
            "fontsize": 20, "align": "centre", "background": "#FFFFFF", "size": ["height": 30],
        ]) {
            Label("Hello").id("greeting").color(.rgb(0x333333)).font("Helvetica-Bold", size: 20).align(.centre)
                .background(.rgb(0xFFFFFF)).height(30)
        },
        ComponentCase("image, preloaded", ["type": "image", "id": "logo", "size": ["width": 120, "height": 40]]) {
            Image(id: "logo").size(width: 120, height: 40)
        },
        ComponentCase("image, url", [
            "type": "image", "url": "https://my.app/banner.png", "size": ["width%": 100, "height": 120],
        ]) {
            Image(url: "https://my.app/banner.png").size(width: .percent(100), height: 120)
        },
        ComponentCase("button", [
            "type": "button", "text": "Save", "style": "button",
            "method": ["function": "saveCustomer", "formdata": true, "navigation": "root"],
            "size": ["width%": 80, "height": 44, "centrex": 0],
        ]) {
            Button("Save", .call("saveCustomer", formdata: true, navigation: .root)).style(.button)
                .size(width: .percent(80), height: 44, centreX: 0)
        },
        ComponentCase("button, icon and text, styled", [
            "type": "button", "id": "add", "text": "Add", "icon": "plus", "color": "#007AFF", "fontsize": 17,
            "align": "left", "method": ["function": "addCustomer", "parameters": ["kind": "vip", "limit": 3]],
        ]) {
            Button("Add", .call("addCustomer", parameters: ["kind": "vip", "limit": 3]), icon: "plus").id("add")
                .color(.rgb(0x007AFF)).fontSize(17).align(.left)
        },
        ComponentCase("button, icon only, no method", ["type": "button", "icon": "gear"]) {
            Button(icon: "gear")
        },
        ComponentCase("textbox", [
            "type": "textbox", "id": "email", "name": "email", "title": "Email", "placeholder": "you@example.com",
            "value": "a@b.c", "keyboard": "email", "returnkey": "next", "onEnter": "pwd", "autotext": "disable",
            "focus": true, "color": "#000000", "font": "Courier", "fontsize": 14, "align": "right",
        ]) {
            TextBox(name: "email", title: "Email", placeholder: "you@example.com", value: "a@b.c").id("email")
                .keyboard(.email).returnKey(.next).onEnter(focus: "pwd").disableAutotext().focused()
                .color(.rgb(0)).font("Courier").fontSize(14).align(.right)
        },
        ComponentCase("textbox, minimal", ["type": "textbox", "name": "search"]) {
            TextBox(name: "search").focused(false)
        },
        ComponentCase("password", [
            "type": "password", "id": "pwd", "name": "pwd", "title": "Password", "placeholder": "Enter password",
            "keyboard": "number", "returnkey": "go", "onEnter": "login", "focus": true,
        ]) {
            Password(name: "pwd", title: "Password", placeholder: "Enter password").id("pwd").keyboard(.number)
                .returnKey(.go).onEnter(focus: "login").focused()
        },
        ComponentCase("textview", [
            "type": "textview", "name": "notes", "title": "Notes", "placeholder": "Enter notes...", "value": "",
            "initialHeight": 150, "font": "Georgia", "size": ["height%": 30],
        ]) {
            TextView(name: "notes", title: "Notes", placeholder: "Enter notes...", value: "").initialHeight(150)
                .font("Georgia").height(.percent(30))
        },
        ComponentCase("checkbox, on", ["type": "checkbox", "name": "active", "title": "Active customer", "value": "1"]) {
            Checkbox(name: "active", title: "Active customer", isOn: true)
        },
        ComponentCase("checkbox, off", ["type": "checkbox", "name": "vip", "value": "0"]) {
            Checkbox(name: "vip", isOn: false)
        },
        ComponentCase("date", ["type": "date", "name": "dob", "title": "Date of birth", "value": "1990-06-15"]) {
            DateField(name: "dob", title: "Date of birth", value: "1990-06-15")
        },
        ComponentCase("date, from parts", ["type": "date", "name": "due", "value": "0987-01-05"]) {
            DateField(name: "due", year: 987, month: 1, day: 5)
        },
        ComponentCase("date, from a CalendarDay", ["type": "date", "name": "dob", "value": "1990-06-05"]) {
            DateField(name: "dob", value: CalendarDay(year: 1990, month: 6, day: 5))
        },
        ComponentCase("date, no CalendarDay: today", ["type": "date", "name": "dob"]) {
            DateField(name: "dob", value: CalendarDay("1990-02-30"))
        },
        ComponentCase("select", [
            "type": "select", "name": "country", "title": "Country",
            "options": ["AU": "Australia", "NZ": "New Zealand"], "value": "AU",
        ]) {
            Select(name: "country", title: "Country", options: ["AU": "Australia", "NZ": "New Zealand"], value: "AU")
        },
        ComponentCase("radio", [
            "type": "radio", "name": "plan", "title": "Plan", "options": ["1-basic": "Basic", "2-pro": "Pro"],
        ]) {
            Radio(name: "plan", title: "Plan", options: ["1-basic": "Basic", "2-pro": "Pro"])
        },
        ComponentCase("form that saves", [
            "type": "form", "id": "customer-form", "title": "Customer",
            "save": ["function": "saveCustomer"], "cancel": ["function": "listCustomers"],
            "saveNavigation": "Sauvegarder", "cancelNavigation": "Annuler",
            "components": [
                ["type": "section", "title": "Personal Details"],
                ["type": "textbox", "name": "firstname", "title": "First name"],
                ["type": "checkbox", "name": "active", "value": "1"],
                ["type": "date", "name": "dob"],
                ["type": "select", "name": "country", "options": ["AU": "Australia"]],
                ["type": "radio", "name": "plan", "options": ["b": "Basic"], "value": "b"],
                ["type": "textview", "name": "notes"],
                ["type": "password", "name": "pin"],
            ],
        ]) {
            Form(id: "customer-form", save: .call("saveCustomer"), cancel: .call("listCustomers"), title: "Customer") {
                Section("Personal Details")
                TextBox(name: "firstname", title: "First name")
                Checkbox(name: "active", isOn: true)
                DateField(name: "dob")
                Select(name: "country", options: ["AU": "Australia"])
                Radio(name: "plan", options: ["b": "Basic"], value: "b")
                TextView(name: "notes")
                Password(name: "pin")
            }
            .buttonLabels(save: "Sauvegarder", cancel: "Annuler")
        },
        ComponentCase("form, dialog", [
            "type": "form", "id": "quick-add", "style": "dialog", "save": ["function": "addCustomer"],
            "components": [["type": "textbox", "name": "name"]],
        ]) {
            Form(id: "quick-add", save: .call("addCustomer"), style: .dialog) {
                TextBox(name: "name")
            }
        },
        ComponentCase("form that does not save", [
            "type": "form", "cancel": ["function": "back"], "background": "#EEEEEE",
            "components": [["type": "label", "text": "Read only"]],
        ]) {
            Form(cancel: .call("back")) {
                Label("Read only")
            }
            .background(.rgb(0xEEEEEE))
        },
        ComponentCase("section", ["type": "section", "id": "s1", "title": "Address"]) {
            Section("Address").id("s1")
        },
        ComponentCase("scrollview", [
            "type": "scrollview", "id": "terms", "size": ["width%": 100, "height%": 50],
            "components": [["type": "label", "text": "Line 1"], ["type": "label", "text": "Line 2"]],
        ]) {
            ScrollView {
                Label("Line 1")
                Label("Line 2")
            }
            .id("terms").size(width: .percent(100), height: .percent(50))
        },
        ComponentCase("web, url", [
            "type": "web", "web": "https://example.com", "size": ["width%": 100, "height%": 80],
        ]) {
            Web(url: "https://example.com").size(width: .percent(100), height: .percent(80))
        },
        ComponentCase("web, html", ["type": "web", "content": "<h1>Hello</h1>", "size": ["width%": 100, "height": 400]]) {
            Web(html: "<h1>Hello</h1>").size(width: .percent(100), height: 400)
        },
        ComponentCase("table, no columns", ["type": "table", "data": ["dynamic": "listCustomers"]]) {
            Table(data: .dynamic("listCustomers"))
        },
        ComponentCase("table, cells only, filtered source, row index", [
            "type": "table",
            "data": ["dynamic": ["function": "listCustomers", "parameters": ["country": "AU"]]],
            "cell": [["field": "name", "font": "body", "fontsize": 15, "lines": 2, "align": "centre"]],
            "clickRow": ["function": "viewCustomer"],
        ]) {
            Table(data: .dynamic("listCustomers", parameters: ["country": "AU"]), clickRow: .call("viewCustomer")) {
                Column(field: "name", align: .centre).font("body").fontSize(15).lines(2)
            }
        },
        ComponentCase("table, scrolling header styled", [
            "type": "table", "data": ["dynamic": "listOrders"],
            "header": [["text": "Order", "color": "#FF0000", "fontsize": 13, "lines": 0, "scroll": "on"],
                       ["scroll": "on", "font": "footnote"]],
            "cell": [["field": "number"], ["field": "total"]],
        ]) {
            Table(data: .dynamic("listOrders")) {
                Column("Order", field: "number").headerColor(.rgb(0xFF0000)).headerFontSize(13).headerLines(0)
                Column(field: "total").headerFont("footnote")
            }
            .fixedHeader(false)
        },
        ComponentCase("navigation, slide-in panel with image", [
            "type": "navigation", "id": "main",
            "implementation": ["style": "slidefrom", "position": "right", "image": "logo", "icon": "list.bullet"],
            "components": [["type": "menuEntry", "text": "Home", "method": ["function": "home"]]],
        ]) {
            Navigation.menu(id: "main", .slideFrom(.right, icon: "list.bullet", image: "logo")) {
                MenuEntry("Home", .call("home"))
            }
        },
        ComponentCase("navigation, default presentation", [
            "type": "navigation", "id": "main",
            "implementation": ["style": "slidefrom", "position": "left"],
            "components": [["type": "menuEntry", "text": "Customers", "method": ["function": "listCustomers"]]],
        ]) {
            Navigation.menu(id: "main") {
                MenuEntry("Customers", .call("listCustomers"))
            }
        },
        ComponentCase("navigation, bar-button drop-down", [
            "type": "navigation",
            "implementation": ["style": "button", "position": "right", "icon": "ellipsis.circle"],
            "components": [
                ["type": "menuEntry", "text": "Sort"],
                ["type": "menuEntry", "text": "By name", "symbol": "textformat", "method": ["function": "sortByName"]],
                ["type": "menuEntry"],
                ["type": "menuEntry", "text": "Export", "symbol": "square.and.arrow.up",
                 "method": ["function": "export", "formdata": true]],
            ],
        ]) {
            Navigation.menu(.barButton(.right, icon: "ellipsis.circle")) {
                MenuHeader("Sort")
                MenuEntry("By name", .call("sortByName"), symbol: "textformat")
                MenuSeparator()
                MenuEntry("Export", .call("export", formdata: true), symbol: "square.and.arrow.up")
            }
        },
        ComponentCase("navigation, cache stub", ["type": "navigation", "id": "main"]) {
            Navigation.stub(id: "main")
        },
        ComponentCase("wire component mixed in", ["type": "label", "text": "raw"]) {
            Component.label(.init(text: "raw"))
        },
    ]

    @Test("builds the protocol's JSON", arguments: cases)
    func json(_ testCase: ComponentCase) {
        let json = onlyComponentJSON(testCase.screen)
        #expect(json != nil)
        if let json { expectJSON(json, testCase.expected) }
    }

    @Test("validates without issues", arguments: cases)
    func validates(_ testCase: ComponentCase) {
        let issues = testCase.screen.validate().issues
        #expect(issues.isEmpty, "\(issues.map(\.description))")
    }

    @Test("decodes back into the same packet with no issues", arguments: cases)
    func roundTrips(_ testCase: ComponentCase) throws {
        let decoded = try PacketDecoder().decodeResponse(testCase.screen.json)
        #expect(decoded.issues.isEmpty, "\(decoded.issues.map(\.description))")
        #expect(decoded.packet == testCase.screen.packet)
        #expect(decoded.droppedComponents.isEmpty)
    }

    @Test("every component type of docs/protocol/components/README.md is covered")
    func coverage() {
        var types: Set<String> = []
        func collect(_ components: [Component]) {
            for component in components {
                types.insert(component.type)
                collect(component.children)
            }
        }
        for testCase in Self.cases { collect(testCase.screen.packet.components) }
        #expect(types == Set(Component.types))
    }

    @Test("single-component elements expose their protocol value")
    func componentValue() {
        #expect(Label("Hi").component == .label(.init(text: "Hi")))
        #expect(Label("Hi").text == "Hi")
        #expect(TextBox(name: "a").name == "a")
        #expect(Column("Name", field: "name").title == "Name")
        #expect(Column("Name", field: "name").field == "name")
        #expect(MenuEntry("Home", .call("home")).entry == .init(text: "Home", method: .init(function: "home")))
        #expect(Navigation.stub(id: "main").isStub)
        #expect(Navigation.stub(id: "main").definition == Component.Navigation(id: "main"))
        #expect(Navigation.menu(id: "main") { MenuHeader("x") }.id == "main")
        #expect(!Navigation.menu { MenuHeader("x") }.isStub)
        let form = Form(id: "f", save: .call("save")) { TextBox(name: "a") }
        #expect(form.id == "f")
        #expect(form.save == .init(function: "save"))
        #expect(form.content == [.textbox(.init(name: "a"))])
        #expect(ScrollView { Label("a") }.content == [.label(.init(text: "a"))])
        #expect(Section("Address").title == "Address")
    }
}
