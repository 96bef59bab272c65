import XpediteBuilder
import XpediteServer

/// Quick add: a dialog form (modal, ✕ and ✓ in its header) over the customer list, asking only
/// for what a new customer needs.
enum QuickAddScreen {
    static let formID = "quickAdd"

    static func make(_ draft: CustomerDraft, problem: String? = nil) -> Screen {
        let screen = Screen(title: "Customers") {
            CustomerListScreen.content(search: nil)
            Form(id: formID, save: .call("createQuickCustomer"), cancel: .call("customers"), title: "Quick add",
                 style: .dialog) {
                TextBox(name: "name", title: "Name", placeholder: "Required", value: draft.name)
                    .returnKey(.next).onEnter(focus: "quick-email").id("quick-name")
                TextBox(name: "email", title: "Email", placeholder: "name@example.com", value: draft.email)
                    .keyboard(.email).disableAutotext().id("quick-email")
                Select(name: "country", title: "Country", options: Country.options, value: draft.country?.rawValue)
            }
            .buttonLabels(save: "Add", cancel: "Cancel")
        }
        return problem.map { screen.returnCode(.message($0)) } ?? screen
    }
}
