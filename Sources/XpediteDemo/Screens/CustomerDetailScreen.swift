import XpediteBuilder
import XpediteServer

/// One customer: labels, the avatar (declared in the screen's own image manifest), the credit
/// limit and the state of its latest change (pending approval, approved, rejected), the notes as
/// HTML in a web component, and Edit and Back side by side (`x+`).
enum CustomerDetailScreen {
    /// The detail screen; `notice` is a line on top ("Saved."), `change` the customer's latest
    /// credit limit change; its colours for `appearance` (`call.device.appearance`).
    static func make(_ customer: Customer, baseURL: String, notice: String? = nil, change: CreditChange? = nil,
                     appearance: Appearance? = nil) -> Screen {
        Screen(title: customer.name) {
            DemoMenu.stub
            if let notice {
                Label(notice).color(DemoPalette.success, for: appearance).align(.centre).id("notice")
            }
            Image(id: DemoImages.avatarID(customer.id)).size(width: 96, height: 96, centreX: 0)
            Label(customer.name).fontSize(24).align(.centre).id("name")
            Label("Email: \(customer.email)").id("email")
            Label("City: \(customer.city), \(customer.country.label)").id("city")
            Label("Customer since \(customer.since)").id("since")
            Label("Score \(customer.score) · credit limit €\(Numbers.grouped(customer.creditLimit))").id("score")
            if let change, let line = changeLine(change, of: customer) {
                Label(line).color(change.state == .pending ? DemoPalette.warning : DemoPalette.secondary, for: appearance).id("credit-change")
            }
            Label(customer.active ? "Active account" : "Inactive account").id("active")
            Label("Prefers contact by \(customer.contact.label.lowercased())").id("contact")
            Web(html: notesHTML(customer, appearance: appearance)).size(width: .percent(100), height: 150).id("notes")
            Button("Edit", .call("editCustomer", parameters: ["id": .number(Double(customer.id))]))
                .style(.button).width(.percent(48)).id("edit")
            Button("Back to the list", .call("customers")).style(.button)
                .beside(gap: 8).width(.percent(48)).id("back")
        }
        .images(DemoImages.avatarEntry(customer.id, baseURL: baseURL))
    }

    /// The line about the customer's latest credit limit change: always while it is pending; once
    /// answered, only while the limit is still what the answer left (a later direct change of the
    /// limit makes the decision old news); never for a superseded one.
    static func changeLine(_ change: CreditChange, of customer: Customer) -> String? {
        let limit = "€" + Numbers.grouped(change.newLimit)
        let reason = change.reason.map { " (\($0))" } ?? ""
        let approver = change.decidedBy ?? "the approver"
        switch change.state {
        case .pending:
            return "Credit limit \(limit) pending approval, asked by \(change.requestedBy)"
        case .approved where customer.creditLimit == change.newLimit:
            return "Credit limit \(limit) approved by \(approver)\(reason)"
        case .rejected where customer.creditLimit == change.oldLimit:
            return "Credit limit \(limit) rejected by \(approver)\(reason)"
        case .approved, .rejected, .superseded:
            return nil
        }
    }

    /// The notes as a small HTML page, in the colours of `appearance` (the window background and
    /// text of ``DemoPalette``, the empty note muted); the customer's text is escaped, line breaks
    /// kept. A page of its own: its language and title are given, as any page's
    /// (docs/accessibility.md#the-demo-in-the-phone-app), and its style sheet is a `<style>`
    /// element, which the phone app's frame applies (decision 0610).
    static func notesHTML(_ customer: Customer, appearance: Appearance? = nil) -> String {
        let dark = appearance == .dark
        let (text, background, muted) = dark ? ("#E5E7EB", "#111827", "#9CA3AF") : ("#1F2937", "#F7F8FA", "#6B7280")
        let name = Markup.escape(customer.name)
        let body = customer.notes.isEmpty
            ? "<p class=\"empty\">No notes yet.</p>"
            : "<p>" + Markup.escape(customer.notes).split(separator: "\n", omittingEmptySubsequences: false)
                .joined(separator: "<br>") + "</p>"
        return """
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8">\
            <meta name="viewport" content="width=device-width, initial-scale=1">\
            <title>Notes about \(name)</title><style>\
            html{background:\(background)}\
            body{font-family:-apple-system,Helvetica,Arial,sans-serif;font-size:15px;color:\(text);margin:8px}\
            h2{font-size:16px;margin:0 0 6px}.empty{color:\(muted);font-style:italic}\
            </style></head><body><h2>Notes about \(name)</h2>\(body)</body></html>
            """
    }
}
