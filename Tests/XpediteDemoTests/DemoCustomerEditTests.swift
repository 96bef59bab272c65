import Foundation
import HummingbirdTesting
import Testing
@testable import XpediteDemo
import XpediteServer

/// The detail screen, the edit form with server-side validation, adding customers.
@Suite struct DemoCustomerEditTests {
    /// A customer whose generated notes hold HTML characters.
    static let customerWithMarkup = (1...100).map(CustomerGenerator().customer(id:)).first { $0.notes.contains("<") }

    @Test(arguments: DemoStoreKind.tested)
    func theDetailScreenShowsLabelsAvatarNotesAndSideBySideButtons(_ kind: DemoStoreKind) async throws {
        let customer = try #require(Self.customerWithMarkup)
        try await withDemo(on: kind) { client in
            let token = try await client.signedIn()
            let screen = try await client.call("viewCustomer", token, ["selected": .number(Double(customer.id))])
            #expect(screen["title"] == .string(customer.name))
            #expect(screen.component(id: "name")?["text"] == .string(customer.name))
            #expect(screen.component(id: "email")?["text"] == .string("Email: \(customer.email)"))
            let avatar = try #require(screen.components.first { $0["type"] == "image" })
            #expect(avatar["id"] == .string("avatar-\(customer.id)"))
            #expect(screen["images"] == [["id": .string("avatar-\(customer.id)"),
                                          "url": .string("http://127.0.0.1:8080/images/avatars/\(customer.id).svg")]])
            let html = try #require(screen.component(id: "notes")?["content"]?.stringValue)
            #expect(html.contains(Markup.escape(customer.notes)))
            #expect(!html.contains("<premium>"))
            #expect(html.contains("&lt;"))
            let edit = try #require(screen.component(id: "edit"))
            #expect(edit["method"] == ["function": "editCustomer", "parameters": ["id": .number(Double(customer.id))]])
            #expect(edit["size"] == ["width%": 48])
            #expect(screen.component(id: "back")?["size"] == ["width%": 48, "x+": 8])
            // A row tap may send the id as text too; an unknown id is an rc message.
            #expect(try await client.call("viewCustomer", token, ["selected": "2"])["rc"] == 0)
            let missing = try await client.call("viewCustomer", token, ["selected": 999_999])
            #expect(missing["rc"] == "That customer does not exist.")
            #expect(missing["components"] == [])
        }
    }

    @Test func theEditFormHasEveryKindOfField() async throws {
        try await withDemo { client in
            let token = try await client.signedIn()
            let screen = try await client.call("editCustomer", token, ["parameters": ["id": 7]])
            let form = try #require(screen.component(id: "customer"))
            #expect(form["style"] == nil)
            #expect(form["save"] == ["function": "saveCustomer", "parameters": ["id": 7]])
            let kinds = form["components"]?.arrayValue?.compactMap { $0["type"]?.stringValue }
            #expect(kinds == ["section", "textbox", "textbox", "textbox", "select", "radio", "section", "date",
                              "checkbox", "textbox", "section", "textview"])
            let customer = CustomerGenerator().customer(id: 7)
            #expect(screen.field("name")?["value"] == .string(customer.name))
            #expect(screen.field("country")?["value"] == .string(customer.country.rawValue))
            #expect(screen.field("since")?["value"] == .string(customer.since.description))
            #expect(screen.field("active")?["value"] == .string(customer.active ? "1" : "0"))
            #expect(screen.field("email")?["keyboard"] == "email")
        }
    }

    static func form(_ overrides: [String: JSONValue]) -> JSONValue {
        var fields: [String: JSONValue] = ["name": "Ada Lovelace", "email": "ada@example.com", "city": "London",
                                           "country": "GB", "contact": "post", "since": "2020-02-29",
                                           "active": "1", "creditLimit": "2500", "notes": "Likes <maths> & engines"]
        fields.merge(overrides) { _, new in new }
        return .object(JSONObject(fields))
    }

    @Test(arguments: [
        (["email": "ada"] as [String: JSONValue], "Please enter a valid email address (name@example.com)."),
        (["name": "   "], "Please enter the customer's name."),
        (["creditLimit": "lots"], "The credit limit must be a whole number from 0 to 1000000."),
        (["since": ""], "Please enter the date the customer joined."),
    ])
    func aRefusedSaveReRendersTheFormWithTheMessage(overrides: [String: JSONValue], message: String) async throws {
        try await withDemo { client in
            let token = try await client.signedIn()
            let answer = try await client.call("saveCustomer", token, [
                "parameters": ["id": 7], "formdata": ["customer": Self.form(overrides)],
            ])
            #expect(answer["rc"] == .string(message))
            #expect(answer.component(id: "customer") != nil)
            for (name, value) in overrides { #expect(answer.field(name)?["value"] == value || value == "") }
            #expect(answer.field("city")?["value"] == "London")
            // Nothing was saved.
            let row = try await client.page(token, offset: 0).rowIDs
            #expect(row.count == 40)
            let detail = try await client.call("viewCustomer", token, ["selected": 7])
            #expect(detail["title"] == .string(CustomerGenerator().customer(id: 7).name))
        }
    }

    @Test func aMalformedFieldIsAFormError() async throws {
        try await withDemo { client in
            let token = try await client.signedIn()
            let answer = try await client.call("saveCustomer", token, [
                "parameters": ["id": 7], "formdata": ["customer": Self.form(["since": "2021-02-30"])],
            ])
            #expect(answer["rc"] == "The field \"since\" must be a date (yyyy-MM-dd).")
            #expect(answer["components"] == [])
        }
    }

    @Test(arguments: DemoStoreKind.tested)
    func aSavedEditShowsInTheList(_ kind: DemoStoreKind) async throws {
        try await withDemo(on: kind) { client in
            let token = try await client.signedIn()
            let saved = try await client.call("saveCustomer", token, [
                "parameters": ["id": 7], "formdata": ["customer": Self.form([:])],
            ])
            #expect(saved["rc"] == 0)
            #expect(saved["title"] == "Ada Lovelace")
            #expect(saved.component(id: "notice")?["text"] == "Saved.")
            #expect(saved.component(id: "notes")?["content"]?.stringValue?.contains("Likes &lt;maths&gt; &amp; engines") == true)
            let page = try await client.page(token, offset: 0)
            let row = try #require(page["data"]?.arrayValue?.first { $0["id"] == 7 })
            #expect(row["name"] == "Ada Lovelace")
            #expect(row["city"] == "London")
            #expect(row["score"] == .number(Double(CustomerGenerator().customer(id: 7).score)))
        }
    }

    @Test(arguments: DemoStoreKind.tested)
    func addCustomerFromTheMenuUsesTheInlineForm(_ kind: DemoStoreKind) async throws {
        try await withDemo(on: kind) { client in
            let token = try await client.signedIn()
            let empty = try await client.call("newCustomer", token)
            #expect(empty.component(id: "customer")?["save"] == ["function": "createCustomer"])
            #expect(empty.field("since")?["value"] == "2026-05-17")
            let added = try await client.call("createCustomer", token, ["formdata": ["customer": Self.form([:])]])
            #expect(added.component(id: "notice")?["text"] == "Added.")
            #expect(added["images"]?.arrayValue?.first?["id"] == "avatar-101")
        }
    }

    @Test func quickAddIsADialogOverTheList() async throws {
        try await withDemo { client in
            let token = try await client.signedIn()
            let screen = try await client.call("quickAdd", token)
            let dialog = try #require(screen.component(id: "quickAdd"))
            #expect(dialog["style"] == "dialog")
            #expect(dialog["save"] == ["function": "createQuickCustomer"])
            #expect(dialog["components"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["name", "email", "country"])
            #expect(screen.component(id: "customers") != nil)

            let refused = try await client.call("createQuickCustomer", token, [
                "formdata": ["quickAdd": ["name": "Grace Hopper", "email": "grace", "country": "US"]],
            ])
            #expect(refused["rc"] == "Please enter a valid email address (name@example.com).")
            #expect(refused.component(id: "quickAdd")?["style"] == "dialog")
            #expect(refused.field("name")?["value"] == "Grace Hopper")

            let added = try await client.call("createQuickCustomer", token, [
                "formdata": ["quickAdd": ["name": "Grace Hopper", "email": "grace@example.com", "country": "US"]],
            ])
            #expect(added["rc"] == 0)
            #expect(added["title"] == "Grace Hopper")
            let last = try await client.page(token, offset: 80, limit: 40)
            #expect(last.rowIDs == Array(81...101))
            #expect(last["data"]?.arrayValue?.last?["name"] == "Grace Hopper")
        }
    }
}
