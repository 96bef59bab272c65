// The "Your first server" example of docs/server.md, verbatim (FirstServerExampleTests checks
// that the two stay the same, and runs it).

import Hummingbird
import XpediteServer

extension SessionKey where Value == Int {
    /// How often this phone tapped the button.
    static let taps = SessionKey("taps")
}

/// The whole app: an entry screen, and a method that counts taps in the session.
func makeHelloApp() -> XpediteApp {
    var app = XpediteApp()
    app.onConnect { call in
        ResponsePacket(title: "Hello", components: [
            .label(.init(text: "Hello from Swift!")),
            .button(.init(text: "Tap me", style: .button, method: MethodCall(function: "tapped"))),
        ])
    }
    app.on("tapped") { call in
        let taps = (try call.session.value(for: .taps) ?? 0) + 1
        try call.session.set(taps, for: .taps)
        return ResponsePacket(title: "Tapped", components: [
            .label(.init(text: "You tapped \(taps) time\(taps == 1 ? "" : "s").")),
            .button(.init(text: "Again", style: .button, method: MethodCall(function: "tapped"))),
        ])
    }
    return app
}

/// Serves it on http://127.0.0.1:8080/xpedite until Ctrl-C.
func runHelloServer() async throws {
    let app = makeHelloApp()
    let router = Router()
    try app.mount(on: router)
    let server = Application(
        router: router,
        configuration: .init(address: .hostname("127.0.0.1", port: 8080)),
        services: app.services
    )
    try await server.runService()
}
