import Foundation
import XpediteServer

/// The demo app, built with the server SDK: a hello screen with a slide-in menu, a profile form
/// that saves into the session (with validation errors as `rc` messages), and a table of
/// generated customers with paging and row taps.
///
/// ```swift
/// let app = try DemoApp.make(configuration: configuration)
/// try await app.run(port: 8080)
/// ```
public enum DemoApp {
    /// The number of generated customers in the table.
    public static let customerCount = 300

    static let customers = Customer.generate(count: customerCount)
    static let records = customers.map(\.record)

    /// The demo's configuration on top of `configuration`: version, default styles.
    public static func make(configuration: XpediteConfiguration = XpediteConfiguration()) throws -> XpediteApp {
        var configuration = configuration
        configuration.setDefaults = Defaults(fontsize: .set(16))
        var app = XpediteApp(configuration: configuration)
        try app.register(navigation: DemoMenu.definition)
        app.onConnect { call in try HelloScreen.make(call) }
        app.on("home") { call in try HelloScreen.make(call) }
        app.on("profile") { call in try ProfileScreens.form(call) }
        app.on("saveProfile") { call in try ProfileScreens.save(call) }
        app.on("customers") { call in CustomerScreens.list(call) }
        app.on("listCustomers") { call in CustomerScreens.page(call) }
        app.on("viewCustomer") { call in try CustomerScreens.detail(call) }
        return app
    }
}
