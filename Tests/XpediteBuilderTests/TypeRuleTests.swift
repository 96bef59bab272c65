import Testing
import XpediteBuilder
import XpediteProtocol

/// The rules of docs/protocol/validation.md that are types. A test cannot show that the wrong
/// shapes do not compile, so these show the shapes that do, and that each yields a valid value.
/// (docs/builder.md lists the shapes that are refused by the compiler.)
@Suite("Rules enforced by types")
struct TypeRuleTests {
    @Test("a form that saves has an id: the only initializer with save: requires id:")
    func formSaveNeedsID() throws {
        let saving = Form(id: "customer", save: .call("saveCustomer")) { TextBox(name: "name") }
        let saveAndCancel = Form(id: "customer", save: .call("saveCustomer"), cancel: .call("back")) { TextBox(name: "name") }
        let notSaving = Form(cancel: .call("back")) { TextBox(name: "name") }
        let notSavingWithID = Form(id: "filters") { TextBox(name: "q") }
        for form in [saving, saveAndCancel] {
            #expect(form.save != nil)
            #expect(form.id?.isEmpty == false)
        }
        for form in [notSaving, notSavingWithID] {
            #expect(form.save == nil)
        }
        let screen = Screen { saving; notSaving; notSavingWithID.id == nil ? nil : Label("has id") }
        #expect(try screen.validated().components.count == 3)
    }

    @Test("a page is cached only together with its id")
    func dispositionNeedsID() throws {
        let permanent = Screen { Label("a") }.cached(id: "home", .permanent)
        #expect(permanent.packet.id == "home")
        #expect(permanent.packet.disposition == .permanent)
        let expiring = Screen { Label("a") }.cached(id: "list", .expiry(seconds: 60)).page(id: "list-2")
        #expect(expiring.packet.id == "list-2")
        #expect(expiring.packet.disposition == .expiry(seconds: 60))
        let uncached = Screen { Label("a") }.page(id: "plain")
        #expect(uncached.packet.disposition == nil)
        for screen in [permanent, expiring, uncached] {
            #expect(try screen.validated() == screen.packet)
        }
    }

    @Test("a navigation has a presentation, or is a cache stub")
    func navigationNeedsImplementation() {
        let menus = [
            Navigation.menu { MenuEntry("a", .call("a")) },
            Navigation.menu(id: "m", .slideFrom(.right, shade: 20)) { MenuEntry("a", .call("a")) },
            Navigation.menu(.barButton(.left, image: "logo")) { MenuEntry(.call("a")) },
            Navigation.stub(id: "m"),
        ]
        for menu in menus {
            guard case .navigation(let wire) = menu.component else {
                Issue.record("not a navigation")
                continue
            }
            #expect(wire.implementation != nil || wire.isStub)
        }
        #expect(menus.map(\.isStub) == [false, false, false, true])
    }

    @Test("the shade effect exists only for a slide-in panel")
    func shadeOnlySlideFrom() {
        let panel = Navigation.menu(.slideFrom(.left, shade: 40)) { MenuHeader("a") }
        let bar = Navigation.menu(.barButton(.right, icon: "plus")) { MenuHeader("a") }
        #expect(panel.component.json["effects"] == ["shade%": 40])
        #expect(bar.component.json["effects"] == nil)
    }

    @Test("fields always have a name, options string keys, select and radio options")
    func fields() {
        let components = Screen {
            TextBox(name: "a")
            Password(name: "b")
            TextView(name: "c")
            Checkbox(name: "d")
            DateField(name: "e")
            Select(name: "f", options: ["1": "One"])
            Radio(name: "g", options: [:])
        }.packet.components
        #expect(components.compactMap(\.fieldName) == ["a", "b", "c", "d", "e", "f", "g"])
        #expect(components[5].json["options"] == ["1": "One"])
    }

    @Test("method navigation hints are only root or absent")
    func methodHints() {
        #expect(MethodCall.NavigationHint.allCases == [.root])
        expectJSON(MethodCall.call("home", navigation: .root).json, ["function": "home", "navigation": "root"])
        expectJSON(MethodCall.call("home").json, ["function": "home"])
        expectJSON(MethodCall.call("save", parameters: ["id": "123", "n": 2, "ok": true], formdata: true).json,
                   ["function": "save", "parameters": ["id": "123", "n": 2, "ok": true], "formdata": true])
    }

    @Test("selected exists only on a table's row action")
    func selectedOnlyOnRows() {
        expectJSON(Table.RowAction.call("view", selected: "id").method.json, ["function": "view", "selected": "id"])
        expectJSON(Table.RowAction.call("view", parameters: ["a": "b"], formdata: true, navigation: .root).method.json,
                   ["function": "view", "parameters": ["a": "b"], "formdata": true, "navigation": "root"])
    }

    @Test("header scroll is one setting for the whole table, so headings always agree")
    func headerScroll() {
        let table = Table(data: .dynamic("rows")) {
            Column("A", field: "a")
            Column("B", field: "b")
            Column(field: "c")
        }
        #expect(table.headerScrolls == nil)
        for (fixed, value) in [(true, "off"), (false, "on")] {
            let header = table.fixedHeader(fixed).component.json["header"]?.arrayValue ?? []
            #expect(header.count == 3)
            #expect(header.allSatisfy { $0["scroll"] == .string(value) })
        }
        #expect(Table(data: .dynamic("rows")) { Column(field: "a") }.component.json["header"] == nil)
    }

    @Test("column alignment has no justify; column width is a percentage")
    func columns() {
        #expect(Column.Align.allCases == [.left, .centre, .right])
        let json = Table(data: .dynamic("rows")) { Column("A", field: "a", width: .percent(25), align: .centre) }
            .component.json
        #expect(json["cell"] == [["field": "a", "width%": 25, "align": "centre"]])
        #expect(json["header"] == [["text": "A", "width%": 25, "align": "centre"]])
    }

    @Test("screen entries")
    func screenEntries() {
        let screen = Screen(title: "A") { Label("x") }
            .title("B")
            .returnCode(.message("Failed to update customer entry"))
            .version(AppVersion.number(2))
            .defaults(font: "Helvetica", fontSize: 16, color: .rgb(0x111111), background: .rgb(0xFAFAFA))
            .images(ImageEntry(id: "a", url: "https://my.app/a.png"))
            .images([ImageEntry(id: "b", url: "https://my.app/b.png", load: .background)])
        expectJSON(screen.json, [
            "rc": "Failed to update customer entry", "title": "B", "version": 2,
            "setDefaults": ["font": "Helvetica", "fontsize": 16, "color": "#111111", "background": "#FAFAFA"],
            "images": [["id": "a", "url": "https://my.app/a.png"],
                       ["id": "b", "url": "https://my.app/b.png", "load": "background"]],
            "components": [["type": "label", "text": "x"]],
        ])
        let removing = screen.defaults(Defaults(font: .remove)).returnCode(.ok).version(nil).title(nil)
        expectJSON(removing.json, [
            "rc": 0, "setDefaults": ["font": nil],
            "images": [["id": "a", "url": "https://my.app/a.png"],
                       ["id": "b", "url": "https://my.app/b.png", "load": "background"]],
            "components": [["type": "label", "text": "x"]],
        ])
        #expect(removing.validate().issues.isEmpty)
    }
}
