// The README's "Your first server", verbatim from the first import on (ReadmeExampleTests checks it).
import Hummingbird
import XpediteBuilder
import XpediteServer

/// Who is signed in: the session's current user.
struct User: Codable, Sendable {
    var name: String
}

/// What the sign-in form sends: `formdata["signIn"]`.
struct SignIn: Decodable {
    var name: String
    var password: String
}

extension XpediteGuard {
    /// Signed-in users pass; anyone else gets the sign-in screen.
    static let signedIn = XpediteGuard.signedIn(as: User.self) { _ in signInScreen() }
}

/// The entry screen, and what the guard answers.
func signInScreen() -> Screen {
    Screen(title: "Sign in") {
        Form(id: "signIn", save: .call("signIn")) {
            TextBox(name: "name", title: "Name")
            Password(name: "password", title: "Password")
        }
    }
}

/// A greeting with a menu and a paged table, behind a sign-in written once.
func makeFirstApp() throws -> XpediteApp {
    var app = XpediteApp()
    try app.register(navigation: Navigation.menu(id: "menu") {
        MenuEntry("Hello", .call("hello", navigation: .root))
        MenuEntry("Numbers", .call("numbers"))
        MenuEntry("Sign out", .call("signOut"))
    }.definition)

    app.onConnect { _ in signInScreen() }
    app.on("signIn") { call in
        let form = try call.form(SignIn.self, id: "signIn")
        guard form.password == "open sesame" else { throw XpediteError.message("Wrong name or password.") }
        try call.session.signIn(User(name: form.name))
        return try hello(call)
    }

    app.group(requiring: .signedIn) { group in
        group.on("hello", hello)
        group.on("numbers") { _ in
            Screen(title: "Numbers") {
                Navigation.stub(id: "menu")
                Table(data: .dynamic("listNumbers")) {
                    Column("Number", field: "n", width: .percent(50))
                    Column("Square", field: "square", width: .percent(50), align: .right)
                }
            }
        }
        group.on("listNumbers") { call in
            TablePage(slicing: numbers, page: call.page)
        }
        group.on("signOut") { call in
            call.session.signOut()
            return signInScreen()
        }
    }
    return app
}

@Sendable func hello(_ call: XpediteCall) throws -> Screen {
    let name = try call.currentUser(as: User.self)?.name ?? "friend"
    return Screen(title: "Hello") {
        Navigation.stub(id: "menu")
        Label("Hello, \(name)!").fontSize(24).align(.centre)
        Button("Show numbers", .call("numbers")).style(.button)
    }
}

let numbers: [JSONObject] = (1...1000).map { n in ["n": .number(Double(n)), "square": .number(Double(n * n))] }

/// A Hummingbird server with the app next to its own routes; `runService()` serves it until Ctrl-C.
func makeServer(port: Int = 8080) throws -> some ApplicationProtocol {
    let app = try makeFirstApp()
    let router = Router(context: XpediteRequestContext.self)
    router.get("/health") { _, _ in "ok" }
    try app.mount(on: router)
    return Application(
        router: router,
        configuration: .init(address: .hostname("127.0.0.1", port: port)),
        services: app.services
    )
}
