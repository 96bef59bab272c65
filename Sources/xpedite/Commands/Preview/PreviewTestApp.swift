import Foundation
import XpediteBuilder
import XpediteServer

/// The small app the browser tests run the simulator against (`xpedite preview --demo-test-app`):
/// labels (one of them an HTML injection attempt), a second screen, a form whose Save answers
/// with an `rc` message, a dynamic table of 120 rows, a slide-in menu, a cached home page, a
/// screen of every input and container, a dialog form, a 50-component screen for the
/// tap-to-screen measurement, a screen of images (one by a relative URL) and a tall-row table,
/// and an old-dialect screen with a dynamic menu and web view.
enum PreviewTestApp {
    static let injection = "<img src=x onerror=alert(1)>"
    static let menuID = "test-menu"
    static let rows: [JSONObject] = (0..<120).map { index in
        ["name": .string("Row \(index + 1)"), "number": .number(Double(index + 1))]
    }

    static func make() throws -> XpediteApp {
        var app = XpediteApp()
        try app.register(navigation: Navigation.menu(id: menuID, .slideFrom(.left, shade: 40)) {
            MenuHeader("Test app")
            MenuEntry("Home", .call("home"))
            MenuEntry("Second screen", .call("next"))
        }.definition)
        app.onConnect { _ in home }
        app.on("home") { _ in home }
        app.on("next") { _ in
            Screen(title: "Second") {
                Navigation.stub(id: menuID)
                Label("You reached the second screen").id("second")
                Button("Back home", .call("home")).style(.button).id("back")
            }.cached(id: "second", .permanent).packet
        }
        app.on("form") { _ in
            Screen(title: "Form") {
                Form(id: "details", save: .call("saveForm"), cancel: .call("home"), title: "Details") {
                    TextBox(name: "name", title: "Name", placeholder: "Your name")
                    Password(name: "secret", title: "Secret")
                    Checkbox(name: "agree", title: "I agree", isOn: false)
                }
            }.packet
        }
        app.on("saveForm") { call throws -> ResponsePacket in
            let name = (call.formData.value(of: "name", inForm: "details") ?? call.formData.value(of: "name", inForm: "quick"))?.stringValue
            throw XpediteError.message("Saved \(name ?? "nobody")")
        }
        app.on("table") { _ in
            Screen(title: "Table") {
                Table(data: .dynamic("rows"), refresh: "Pull to refresh") {
                    Column("Name", field: "name", width: .percent(70))
                    Column("No.", field: "number", width: .percent(30), align: .right)
                }.id("rows")
            }.packet
        }
        app.on("rows") { call in TablePage(slicing: rows, page: call.page) }
        app.on("components") { _ in components }
        app.on("images") { _ in images }
        app.on("tallRows") { call in
            TablePage(slicing: (1...30).map { ["name": .string("Tall row \($0)\nsecond line")] }, page: call.page)
        }
        let old = try oldDialect()
        app.on("old") { _ in old }
        app.on("oldMenu") { _ in oldMenu }
        app.on("oldWeb") { _ in oldWeb }
        app.on("dialog") { _ in dialog }
        app.on("fifty") { call in
            let round = Int(call.parameter("round") ?? "0") ?? 0
            return Screen(title: "Fifty \(round)") {
                for index in 0..<48 {
                    Label("Component \(index + 1) of round \(round)")
                }
                Button("Again", .call("fifty", parameters: ["round": .string(String(round + 1))])).style(.button).id("again")
                Button("Home", .call("home")).id("fifty-home")
            }.packet
        }
        return app
    }

    static var home: ResponsePacket {
        Screen(title: "Test home") {
            Navigation.stub(id: menuID)
            Label("Hello from the test app").fontSize(22).id("hello")
            Label(injection).id("injection")
            Button("Next screen", .call("next")).style(.button).id("to-next")
            Button("Form", .call("form")).style(.button).id("to-form")
            Button("Table", .call("table")).style(.button).id("to-table")
            Button("Fifty", .call("fifty", parameters: ["round": .string("0")])).id("to-fifty")
            Button("Components", .call("components")).id("to-components")
            Button("Images", .call("images")).id("to-images")
            Button("Old dialect", .call("old")).id("to-old")
        }.cached(id: "home", .permanent).packet
    }
}
