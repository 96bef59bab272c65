import XpediteBuilder
import XpediteServer

/// The customer table (paged from the generated rows) and the detail screen of one customer.
enum CustomerScreens {
    /// The table screen: rows come from `listCustomers`, 40 at a time; a tap sends the row's `id`.
    static func list(_ call: XpediteCall) -> ResponsePacket {
        Screen(title: "Customers") {
            DemoMenu.stub
            Table(data: .dynamic("listCustomers"), refresh: "Pull to refresh",
                  clickRow: .call("viewCustomer", selected: "id")) {
                Column("Name", field: "name", width: .percent(50)).headerFont("headline")
                Column("City", field: "city", width: .percent(30)).headerFont("headline")
                Column("Score", field: "score", width: .percent(20), align: .right).headerFont("headline")
            }
            .id("customers")
        }.packet
    }

    /// One batch of rows: `max` is present while more remain (§3.7.3).
    static func page(_ call: XpediteCall) -> TablePage {
        TablePage(slicing: DemoApp.records, page: call.page)
    }

    /// The tapped customer, by the `selected` id (a number or its text).
    static func detail(_ call: XpediteCall) throws -> ResponsePacket {
        let selected = call.selected?.intValue ?? call.selected?.stringValue.flatMap { Int($0) }
        guard let id = selected ?? call.parameter("id").flatMap({ Int($0) }),
              let customer = DemoApp.customers.first(where: { $0.id == id })
        else {
            throw XpediteError.message("That customer does not exist.")
        }
        return Screen(title: customer.name) {
            DemoMenu.stub
            Label(customer.name).fontSize(24).id("name")
            Label("City: \(customer.city)").id("city")
            Label("Score: \(customer.score)").id("score")
            Button("Back to the list", .call("customers")).style(.button).id("back")
        }.packet
    }
}
