import Testing
import XpediteBuilder
import XpediteProtocol

/// `if`, `if let`, `switch`, `for`, optionals, arrays and `#available` in every builder.
@Suite("Control flow in builders")
struct ControlFlowTests {
    enum Mode {
        case view, edit, admin
    }

    static func screen(signedIn: Bool, nickname: String?, mode: Mode, rows: [String]) -> Screen {
        Screen(title: "Flow") {
            if signedIn {
                Navigation.menu(id: "main") {
                    MenuEntry("Home", .call("home"))
                    if mode == .admin {
                        MenuSeparator()
                        MenuEntry("Users", .call("listUsers"))
                    }
                    for row in rows { MenuEntry(row, .call("open", parameters: ["row": .string(row)])) }
                }
            } else {
                Navigation.stub(id: "main")
            }
            if let nickname {
                Label("Hi \(nickname)")
            }
            switch mode {
            case .view:
                Label("Viewing")
            case .edit:
                Form(id: "edit", save: .call("save")) {
                    for row in rows {
                        TextBox(name: row)
                    }
                    if rows.isEmpty { Label("Nothing to edit") }
                }
            case .admin:
                Button("Reset", .call("reset"))
            }
            for (index, row) in rows.enumerated() {
                Label(row).id("row-\(index)")
            }
            if #available(macOS 15, iOS 18, *) {
                Label("Available")
            }
        }
    }

    static func texts(_ components: [Component]) -> [String] {
        components.compactMap { component -> String? in
            switch component {
            case .label(let label): "label:\(label.text)"
            case .button(let button): "button:\(button.text ?? "")"
            case .textbox(let field): "textbox:\(field.name)"
            case .form(let form): "form:\(form.id ?? ""):\(texts(form.components).joined(separator: ","))"
            case .navigation(let menu):
                "navigation:\(menu.isStub ? "stub" : (menu.components ?? []).map { $0.json["text"]?.stringValue ?? "-" }.joined(separator: ","))"
            default: nil
            }
        }
    }

    @Test("if/else, switch, for, if let and #available at the top level")
    func topLevel() {
        #expect(Self.texts(Self.screen(signedIn: false, nickname: nil, mode: .view, rows: []).packet.components)
            == ["navigation:stub", "label:Viewing", "label:Available"])
        #expect(Self.texts(Self.screen(signedIn: true, nickname: "Al", mode: .edit, rows: ["a", "b"]).packet.components)
            == ["navigation:Home,a,b", "label:Hi Al", "form:edit:textbox:a,textbox:b", "label:a", "label:b",
                "label:Available"])
        #expect(Self.texts(Self.screen(signedIn: true, nickname: nil, mode: .admin, rows: []).packet.components)
            == ["navigation:Home,-,Users", "button:Reset", "label:Available"])
        #expect(Self.texts(Self.screen(signedIn: true, nickname: nil, mode: .edit, rows: []).packet.components)
            == ["navigation:Home", "form:edit:label:Nothing to edit", "label:Available"])
    }

    @Test("screens built with control flow validate")
    func validates() {
        for mode in [Mode.view, .edit, .admin] {
            let screen = Self.screen(signedIn: true, nickname: "x", mode: mode, rows: ["a", "b"])
            #expect(screen.validate().issues.isEmpty, "\(screen.validate().issues)")
        }
    }

    @ComponentBuilder
    static func addressFields(prefix: String) -> [Component] {
        TextBox(name: "\(prefix)street", title: "Street")
        TextBox(name: "\(prefix)city", title: "City")
    }

    @Test("optional elements, arrays and reusable fragments")
    func optionalsAndFragments() {
        let maybeLabel: Label? = nil
        let someLabel: Label? = Label("Present")
        let labels = [Label("One"), Label("Two")]
        let screen = Screen {
            maybeLabel
            someLabel
            labels
            Form(id: "addresses", save: .call("saveAddresses")) {
                Section("Home")
                Self.addressFields(prefix: "home-")
                Section("Work")
                Self.addressFields(prefix: "work-")
            }
        }
        #expect(Self.texts(screen.packet.components) == [
            "label:Present", "label:One", "label:Two",
            "form:addresses:textbox:home-street,textbox:home-city,textbox:work-street,textbox:work-city",
        ])
    }

    @Test("columns with if, for and optionals")
    func columns() {
        let extra: Column? = Column("Extra", field: "extra")
        let none: Column? = nil
        for showScore in [false, true] {
            let table = Table(data: .dynamic("rows")) {
                Column("Name", field: "name")
                if showScore { Column("Score", field: "score") } else { [Column]() }
                for field in ["a", "b"] { Column(field: field) }
                extra
                none
                [Column(field: "last")]
            }
            let fields = table.columns.map(\.field)
            #expect(fields == ["name"] + (showScore ? ["score"] : []) + ["a", "b", "extra", "last"])
        }
    }

    @Test("menus with if/else, switch, optionals and wire entries")
    func menus() {
        let optional: MenuEntry? = MenuEntry("Maybe", .call("maybe"))
        for mode in [Mode.view, .edit, .admin] {
            let menu = Navigation.menu {
                switch mode {
                case .view: MenuHeader("View")
                case .edit: MenuHeader("Edit")
                case .admin: [MenuHeader("Admin"), MenuHeader("Tools")]
                }
                if mode == .edit { MenuSeparator() } else { MenuEntry("Other", .call("other")) }
                optional
                Component.MenuEntry(text: "Raw")
                if #available(macOS 15, iOS 18, *) { MenuHeader("New") }
            }
            guard case .navigation(let navigation) = menu.component else {
                Issue.record("not a navigation")
                continue
            }
            let texts = (navigation.components ?? []).map { $0.json["text"]?.stringValue ?? "-" }
            switch mode {
            case .view: #expect(texts == ["View", "Other", "Maybe", "Raw", "New"])
            case .edit: #expect(texts == ["Edit", "-", "Maybe", "Raw", "New"])
            case .admin: #expect(texts == ["Admin", "Tools", "Other", "Maybe", "Raw", "New"])
            }
        }
    }

    @Test("an empty builder gives an empty array")
    func empty() {
        #expect(Screen {}.packet.components.isEmpty)
        #expect(ScrollView {}.content.isEmpty)
        expectJSON(Screen {}.json, ["rc": 0, "components": []])
    }
}
