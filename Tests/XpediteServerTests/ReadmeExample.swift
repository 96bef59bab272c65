// The README's "Your first server", verbatim from the import on (ReadmeExampleTests checks it).
import XpediteBuilder
import XpediteServer

/// What the profile form sends: `formdata["profile"]`.
struct Profile: Codable, Sendable {
    var name: String
    var newsletter: Bool
}

extension SessionKey where Value == Profile {
    static let profile = SessionKey("profile")
}

/// Three screens: a greeting with a menu, a form that saves into the session, a paged table.
func makeFirstApp() throws -> XpediteApp {
    var app = XpediteApp()
    try app.register(navigation: Navigation.menu(id: "menu") {
        MenuEntry("Hello", .call("hello", navigation: .root))
        MenuEntry("Profile", .call("profile"))
        MenuEntry("Numbers", .call("numbers"))
    }.definition)

    @Sendable func hello(_ call: XpediteCall) throws -> ResponsePacket {
        let name = try call.session.value(for: .profile)?.name ?? "stranger"
        return Screen(title: "Hello") {
            Navigation.stub(id: "menu")
            Label("Hello, \(name)!").fontSize(24).align(.centre)
            Button("Edit your profile", .call("profile")).style(.button)
        }.packet
    }
    app.onConnect(hello)
    app.on("hello", hello)

    app.on("profile") { call in
        let profile = try call.session.value(for: .profile)
        return Screen(title: "Profile") {
            Navigation.stub(id: "menu")
            Form(id: "profile", save: .call("saveProfile"), cancel: .call("hello")) {
                TextBox(name: "name", title: "Name", value: profile?.name)
                Checkbox(name: "newsletter", title: "Send me the newsletter", isOn: profile?.newsletter ?? false)
            }
        }.packet
    }
    app.on("saveProfile") { call in
        let profile = try call.form(Profile.self, id: "profile")
        guard !profile.name.isEmpty else { throw XpediteError.message("Please enter your name.") }
        try call.session.set(profile, for: .profile)
        return try hello(call)
    }

    app.on("numbers") { _ in
        Screen(title: "Numbers") {
            Navigation.stub(id: "menu")
            Table(data: .dynamic("listNumbers")) {
                Column("Number", field: "n", width: .percent(50))
                Column("Square", field: "square", width: .percent(50), align: .right)
            }
        }.packet
    }
    app.on("listNumbers") { call -> TablePage in
        let rows: [JSONObject] = (1...1000).map { n in ["n": .number(Double(n)), "square": .number(Double(n * n))] }
        return TablePage(slicing: rows, page: call.page)
    }
    return app
}
