import XpediteBuilder
import XpediteServer

/// What the demo is. The route makes it `permanent`: the phone keeps it until the app version
/// changes, so it opens offline.
enum AboutScreen {
    /// The page id and cache rule of the route.
    static let entries = ScreenEntries(title: "About", id: "about", disposition: .permanent)

    /// The about screen, its colours for `appearance` (`call.device.appearance`).
    static func make(version: AppVersion, customerCount: Int, appearance: Appearance? = nil) -> Screen {
        Screen {
            DemoMenu.stub
            Image(id: DemoImages.logoID).size(width: 180, height: 60, centreX: 0)
            Label("A customer app written with the Xpedite server SDK for Swift: every screen is JSON "
                  + "sent by this server, drawn by a generic app.").id("summary")
            Label("App version \(version.canonical)").id("version")
            Label("\(Numbers.grouped(customerCount)) customers in SQLite, paged 40 at a time.").id("data")
            Label("This page is permanent: the phone keeps it until the app version changes.")
                .fontSize(13).color(DemoPalette.muted, for: appearance).id("cache")
        }
    }
}
