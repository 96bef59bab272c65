import Foundation
import XpediteBuilder
import XpediteServer

/// The customer list: a dynamic table over every customer, 40 rows a batch by keyset paging,
/// with a header (widths, alignment), pull-to-refresh, a standalone search box that filters, and
/// rows that open the detail screen (`clickRow` with `selected: "id"`).
enum CustomerListScreen {
    /// The standalone search box's name: its value arrives as `formdata["search"]`
    /// (docs/protocol/forms.md#the-shape-of-formdata).
    static let searchField = "search"
    /// The data method's parameter carrying the filter.
    static let queryParameter = "q"

    /// The list, filtered by `search`; `focusSearch` puts the cursor in the search box.
    static func make(search: String?, focusSearch: Bool = false) -> Screen {
        Screen(title: search.map { "Customers matching “\($0)”" } ?? "Customers") {
            content(search: search, focusSearch: focusSearch)
        }
    }

    /// The list's components, shared with the quick-add dialog, which is shown over the list.
    @ScreenBuilder
    static func content(search: String?, focusSearch: Bool = false) -> [Component] {
        DemoMenu.stub
        DemoMenu.barMenu
        TextBox(name: searchField, placeholder: "Search name, email or city", value: search)
            .returnKey(.search).disableAutotext().focused(focusSearch).id(searchField).width(.percent(70))
        Button("Search", .call("customers", formdata: true)).style(.button).id("search-button")
            .beside(gap: 8).width(.percent(26)).relativeHeight(percent: 100)
        Table(data: .dynamic("listCustomers", parameters: search.map { [queryParameter: .string($0)] }),
              refresh: "Pull to refresh", clickRow: .call("viewCustomer", selected: "id")) {
            Column("Name", field: "name", width: .percent(46)).headerFont("headline")
            Column("City", field: "city", width: .percent(34)).headerFont("headline")
            Column("Score", field: "score", width: .percent(20), align: .right).headerFont("headline")
        }
        .fixedHeader()
        .id("customers")
    }

    /// The filter a request asks for: the search box's value (a Search tap sends the screen's
    /// input), else the `q` parameter; blank means none.
    static func search(in call: XpediteCall) -> String? {
        let typed = call.formData.value(of: searchField, inForm: nil)?.stringValue ?? call.parameter(queryParameter)
        guard let text = typed?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return String(text.prefix(100))
    }
}
