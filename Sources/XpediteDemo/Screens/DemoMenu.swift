import XpediteBuilder
import XpediteServer

/// The demo's slide-in menu. It is registered once (``DemoApp/make(configuration:)``); screens
/// carry only the stub, and the SDK sends the full definition the first time a session sees it.
enum DemoMenu {
    static let id = "demo-menu"

    static let definition = Navigation.menu(id: id, .slideFrom(.left, shade: 40)) {
        MenuHeader("Xpedite demo")
        MenuEntry("Hello", .call("home", navigation: .root))
        MenuEntry("Your profile", .call("profile"))
        MenuEntry("Customers", .call("customers"))
    }.definition

    /// What a screen carries: `{"type": "navigation", "id": "demo-menu"}`.
    static var stub: Navigation { Navigation.stub(id: id) }
}
