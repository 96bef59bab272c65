import XpediteBuilder
import XpediteServer

/// The demo's menus: the slide-in main menu, registered once and sent as a stub (the SDK sends the
/// full definition the first time a session sees it, docs/protocol/menus.md#a-menu-cached-by-id),
/// and the bar-button menu of the customer list.
enum DemoMenu {
    static let id = "main-menu"

    /// The full main menu, registered with `app.register(navigation:)`.
    static let definition = Navigation.menu(id: id, .slideFrom(.left, shade: 40)) {
        MenuHeader("Xpedite demo")
        MenuEntry("Customers", .call("customers", navigation: .root))
        MenuEntry("Add customer", .call("newCustomer"))
        MenuEntry("Dashboard", .call("dashboard"))
        MenuEntry("About", .call("about"))
        MenuSeparator()
        MenuEntry("Sign out", .call("signOut", navigation: .root))
    }.definition

    /// What every signed-in screen carries: `{"type": "navigation", "id": "main-menu"}`.
    static var stub: Navigation { Navigation.stub(id: id) }

    /// The bar button of the customer list: a drop-down with Add (the quick-add dialog) and Search.
    static var barMenu: Navigation {
        Navigation.menu(.barButton(.right, icon: "ellipsis.circle")) {
            MenuEntry("Add", .call("quickAdd"), symbol: "plus")
            MenuEntry("Search", .call("search"), symbol: "magnifyingglass")
        }
    }
}
