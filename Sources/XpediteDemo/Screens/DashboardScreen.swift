import XpediteBuilder
import XpediteServer

/// Figures over every customer. The route caches it on the phone for 60 s (`disposition`
/// expiry), so it opens offline and is not recomputed on every visit.
enum DashboardScreen {
    /// The page id and cache rule of the route.
    static let entries = ScreenEntries(title: "Dashboard", id: "dashboard", disposition: .expiry(seconds: 60))

    /// The dashboard, its colours for `appearance` (`call.device.appearance`).
    static func make(_ figures: CustomerStatistics, user: DemoUser?, time: String, appearance: Appearance? = nil) -> Screen {
        let activeShare = figures.total == 0 ? 0 : figures.active * 100 / figures.total
        return Screen {
            DemoMenu.stub
            if let user {
                Label("Hello, \(user.displayName)").fontSize(22).id("greeting")
            }
            Label("\(Numbers.grouped(figures.total)) customers").fontSize(20).id("total")
            Label("\(Numbers.grouped(figures.active)) active (\(activeShare) %)").id("active")
            Label("Average score \(Numbers.oneDecimal(figures.averageScore))").id("score")
            Label("Credit extended €\(Numbers.grouped(figures.totalCredit))").id("credit")
            Section("Top countries")
            for (index, entry) in figures.topCountries.enumerated() {
                Label("\(entry.country.label): \(Numbers.grouped(entry.count))").id("country-\(index + 1)")
            }
            Label("Figures as of \(time). This page is kept on the phone for 60 seconds.")
                .fontSize(13).color(DemoPalette.muted, for: appearance).id("as-of")
        }
    }
}
