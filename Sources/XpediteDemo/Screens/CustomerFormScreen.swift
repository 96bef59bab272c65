import XpediteBuilder
import XpediteServer

/// The inline edit form of a customer (also used to add one): text boxes, a text view, a
/// checkbox, a date, a select, a radio and section headers. A refused save re-renders it with the
/// values as typed and the message as `rc`.
enum CustomerFormScreen {
    static let formID = "customer"

    /// The form for `draft`: of customer `id`, or of a new customer when `id` is `nil`.
    static func make(_ draft: CustomerDraft, id: Int?, problem: String? = nil) -> Screen {
        let save: MethodCall
        let cancel: MethodCall
        if let id {
            let parameters: [String: JSONValue] = ["id": .number(Double(id))]
            save = .call("saveCustomer", parameters: parameters)
            cancel = .call("viewCustomer", parameters: parameters)
        } else {
            save = .call("createCustomer")
            cancel = .call("customers")
        }
        let screen = Screen(title: id == nil ? "New customer" : "Edit \(draft.name ?? "customer")") {
            DemoMenu.stub
            Form(id: formID, save: save, cancel: cancel, title: id == nil ? "New customer" : "Customer") {
                Section("Contact")
                TextBox(name: "name", title: "Name", placeholder: "Required", value: draft.name)
                    .returnKey(.next).onEnter(focus: "email").id("name")
                TextBox(name: "email", title: "Email", placeholder: "name@example.com", value: draft.email)
                    .keyboard(.email).disableAutotext().returnKey(.next).onEnter(focus: "city").id("email")
                TextBox(name: "city", title: "City", value: draft.city).id("city")
                Select(name: "country", title: "Country", options: Country.options, value: draft.country?.rawValue)
                Radio(name: "contact", title: "Contact by", options: ContactPreference.options,
                      value: draft.contact?.rawValue)
                Section("Account")
                DateField(name: "since", title: "Customer since", value: draft.since)
                Checkbox(name: "active", title: "Active", isOn: draft.active ?? false)
                TextBox(name: "creditLimit", title: "Credit limit (€)", value: draft.creditLimit).keyboard(.number)
                Section("Notes")
                TextView(name: "notes", title: "Notes", placeholder: "Anything the team should know",
                         value: draft.notes).initialHeight(120)
            }
        }
        return problem.map { screen.returnCode(.message($0)) } ?? screen
    }
}
